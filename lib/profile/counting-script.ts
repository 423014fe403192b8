// The public page's only script (its CSP hash is computed from this text,
// lib/profile/render-page.ts): the view once the page is really shown, and a
// beacon per link click, each carrying the page's referrer (the source of the
// visit, api.md Insights). Cookies go along (same origin), so the owner's own
// visits are recognised and not counted.
//
// A flagged page (body[data-flagged], api.md sensitive content) counts its
// view on the warning, with the visit's real referrer; 'Continuar' (a form
// posted to the page, answered by a redirect to it) then loads the content
// with the page itself as referrer: that load, and a reload of it, are the
// same view and are not counted again. 'Voltar' goes back in the tab's
// history when there is a page to go back to (its link is the fallback).
//
// Each count carries a fresh random id (28 base-36 characters from 128 random
// bits), so a retry of it is counted once (lib/stats/count-store.ts). It comes
// from crypto.getRandomValues, which plain-http origins have too, unlike
// crypto.randomUUID; a browser without crypto sends no id.
//
// The blocks (api.md, Creator blocks): pressing a player's stand-in
// (a[data-embed]) counts the click and swaps the stand-in for the player's
// frame, the first request to the provider; opening a Pix block
// (details[data-link-id]) counts a click; its copy button, hidden without
// this script, copies the code.

/** Sends the view once the page is really shown, and a beacon per link click. */
export const COUNTING_SCRIPT =
  '(function(){var d=document,n=navigator,b=d.body,u=b.getAttribute("data-profile"),C=window.crypto;' +
  'function s(p){try{var o={referrer:d.referrer},a,k,r;if(C&&C.getRandomValues){a=C.getRandomValues(new Uint32Array(4));o.id="";' +
  'for(k=0;k<4;k++)o.id+=(a[k]+4294967296).toString(36)}r=JSON.stringify(o);' +
  'if(n.sendBeacon&&n.sendBeacon(p,r))return;fetch(p,{method:"POST",keepalive:true,body:r})}catch(e){}}' +
  'function v(){s("/api/profiles/"+u+"/view")}' +
  'function h(x){return String(x).split(/[?#]/)[0]}' +
  'var m=false;try{m=b.getAttribute("data-flagged")!==null&&h(d.referrer)===h(location.href)}catch(e){}' +
  'if(!m){if(d.prerendering){d.addEventListener("prerenderingchange",v,{once:true})}else{v()}}' +
  'function k(a){s("/api/links/"+a.getAttribute("data-link-id")+"/click")}' +
  'function c(e){var t=e.target,a=t&&t.closest&&t.closest("a[data-link-id]"),p,f,y,x,o,g;' +
  'if(a&&(e.type==="click"||e.button===1)){k(a);p=a.getAttribute("data-embed");' +
  'if(p&&e.type==="click"&&!e.ctrlKey&&!e.metaKey&&!e.shiftKey){e.preventDefault();f=d.createElement("iframe");f.src=p;' +
  'f.title=a.getAttribute("aria-label");f.allow="autoplay; encrypted-media; fullscreen; picture-in-picture";f.setAttribute("allowfullscreen","");' +
  'a.parentNode.replaceChild(f,a);f.focus()}}' +
  'y=e.type==="click"&&t&&t.closest&&t.closest("[data-copy]");if(y){x=d.getElementById(y.getAttribute("data-copy"));' +
  'o=function(){y.nextElementSibling.textContent=y.getAttribute("data-ok")};' +
  'if(n.clipboard&&n.clipboard.writeText)n.clipboard.writeText(x.value).then(o,function(){x.select()});else{x.select();if(d.execCommand("copy"))o()}}' +
  'g=e.type==="click"&&t&&t.closest&&t.closest("a[data-back]");if(g&&history.length>1){e.preventDefault();history.back()}}' +
  'd.addEventListener("click",c,true);d.addEventListener("auxclick",c,true);' +
  'd.addEventListener("toggle",function(e){var t=e.target;if(t.open&&t.getAttribute("data-link-id"))k(t)},true);' +
  'for(var q=d.querySelectorAll("[data-copy]"),i=0;i<q.length;i++)q[i].hidden=false})();';
