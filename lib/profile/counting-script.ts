// The public page's only script (its CSP hash is computed from this text,
// lib/profile/render-page.ts): the view once the page is really shown, and a
// beacon per link click, each carrying the page's referrer (the source of the
// visit, api.md Insights). Cookies go along (same origin), so the owner's own
// visits are recognised and not counted.
//
// Each count carries a fresh random id (28 base-36 characters from 128 random
// bits), so a retry of it is counted once (lib/stats/count-store.ts). It comes
// from crypto.getRandomValues, which plain-http origins have too, unlike
// crypto.randomUUID; a browser without crypto sends no id.

/** Sends the view once the page is really shown, and a beacon per link click. */
export const COUNTING_SCRIPT =
  '(function(){var d=document,n=navigator,b=d.body,u=b.getAttribute("data-profile"),C=window.crypto;' +
  'function s(p){try{var o={referrer:d.referrer},a,k,r;if(C&&C.getRandomValues){a=C.getRandomValues(new Uint32Array(4));o.id="";' +
  'for(k=0;k<4;k++)o.id+=(a[k]+4294967296).toString(36)}r=JSON.stringify(o);' +
  'if(n.sendBeacon&&n.sendBeacon(p,r))return;fetch(p,{method:"POST",keepalive:true,body:r})}catch(e){}}' +
  'function v(){s("/api/profiles/"+u+"/view")}' +
  'if(d.prerendering){d.addEventListener("prerenderingchange",v,{once:true})}else{v()}' +
  'function c(e){var a=e.target&&e.target.closest&&e.target.closest("a[data-link-id]");if(a&&(e.type==="click"||e.button===1))s("/api/links/"+a.getAttribute("data-link-id")+"/click")}' +
  'd.addEventListener("click",c,true);d.addEventListener("auxclick",c,true)})();';
