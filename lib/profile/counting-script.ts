// The public page's only script (its CSP hash is computed from this text,
// lib/profile/render-page.ts): the view once the page is really shown, and a
// beacon per link click, each carrying the page's referrer (the source of the
// visit, api.md Insights). Cookies go along (same origin), so the owner's own
// visits are recognised and not counted. On a page flagged as sensitive it
// also remembers 'Continuar' for the visit (the CSS gate is in
// components/profile/content-warning.tsx).
//
// Each count carries a fresh random id (28 base-36 characters from 128 random
// bits), so a retry of it is counted once (lib/stats/count-store.ts). It comes
// from crypto.getRandomValues, which plain-http origins have too, unlike
// crypto.randomUUID; a browser without crypto sends no id.

/** Sends the view once the page is really shown, and a beacon per link click. */
export const COUNTING_SCRIPT =
  '(function(){var d=document,n=navigator,b=d.body,u=b.getAttribute("data-profile"),C=window.crypto,K="vp-ok:"+u;' +
  // A flagged page (data-gate): 'Continuar' is remembered for the visit (this tab's sessionStorage), and 'Voltar' goes back when there is a page to go back to.
  'function k(g){try{var S=sessionStorage;if(g)return S.getItem(K);S.setItem(K,"1")}catch(e){}}' +
  'try{if(b.getAttribute("data-gate")!==null&&(location.hash==="#c"||k(1))){k();b.className+=" vp-ok"}}catch(e){}' +
  'function s(p){try{var o={referrer:d.referrer},a,k,r;if(C&&C.getRandomValues){a=C.getRandomValues(new Uint32Array(4));o.id="";' +
  'for(k=0;k<4;k++)o.id+=(a[k]+4294967296).toString(36)}r=JSON.stringify(o);' +
  'if(n.sendBeacon&&n.sendBeacon(p,r))return;fetch(p,{method:"POST",keepalive:true,body:r})}catch(e){}}' +
  'function v(){s("/api/profiles/"+u+"/view")}' +
  'if(d.prerendering){d.addEventListener("prerenderingchange",v,{once:true})}else{v()}' +
  'function c(e){var t=e.target,f=t&&t.closest,a=f&&t.closest("a[data-link-id]"),g=f&&t.closest("a[href=\'#c\'],a[data-back]");if(a&&(e.type==="click"||e.button===1))s("/api/links/"+a.getAttribute("data-link-id")+"/click");' +
  'if(g&&e.type==="click"){if(g.getAttribute("data-back")===null)k();else if(history.length>1){e.preventDefault();history.back()}}}' +
  'd.addEventListener("click",c,true);d.addEventListener("auxclick",c,true)})();';
