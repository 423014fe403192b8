// The public page's only script (its CSP hash is computed from this text,
// lib/profile/render-page.ts): the view once the page is really shown, and a
// beacon per link click, each carrying the page's referrer (the source of the
// visit, api.md Insights). Cookies go along (same origin), so the owner's own
// visits are recognised and not counted.

/** Sends the view once the page is really shown, and a beacon per link click. */
export const COUNTING_SCRIPT =
  '(function(){var d=document,n=navigator,b=d.body,u=b.getAttribute("data-profile"),r=JSON.stringify({referrer:d.referrer});' +
  'function s(p){try{if(n.sendBeacon&&n.sendBeacon(p,r))return;fetch(p,{method:"POST",keepalive:true,body:r})}catch(e){}}' +
  'function v(){s("/api/profiles/"+u+"/view")}' +
  'if(d.prerendering){d.addEventListener("prerenderingchange",v,{once:true})}else{v()}' +
  'function c(e){var a=e.target&&e.target.closest&&e.target.closest("a[data-link-id]");if(a&&(e.type==="click"||e.button===1))s("/api/links/"+a.getAttribute("data-link-id")+"/click")}' +
  'd.addEventListener("click",c,true);d.addEventListener("auxclick",c,true)})();';
