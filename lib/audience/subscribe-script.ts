import { audienceStrings } from "@/lib/strings/audience";

// The subscribe form's part of the public page's one inline script (api.md,
// Audience; appended by lib/profile/page-script.ts, allowed by its hash).
// Nothing loads with the page: on the first focus inside a form[data-sub]
// it starts the worker (public/altcha/<version>/solver.js: altcha-lib's own
// files bundled into one script by scripts/vendor-altcha.mjs, from our own
// origin) and fetches a signed challenge (GET /api/subscribe/challenge) side
// by side, so the solver's one request and the challenge's take one round
// trip together, and solves it while the visitor types. On submit it
// waits for the solution, POSTs the fields as JSON with the proof (`altcha`),
// and writes the answer into the form's status paragraph (.vp-subm,
// role=status), the button disabled meanwhile. If anything fails to load
// (no Worker, no WebCrypto, the challenge or the worker refused), the form is
// submitted as the browser would without JavaScript (the stricter limits of
// a sign-up without proof apply, lib/audience/subscribe-limits.ts).
// Once the page has loaded and the browser is idle, a page with such a form
// prefetches the solver (3.6 KB, cached for good under its versioned
// address), so that at the focus only the challenge's round trip is left.

/** The worker's one script, under public/ (its version is altcha-lib's, checked by subscribe-script.test.ts). */
export const SOLVER_PATH = "/altcha/2.8.0/solver.js";

/** A string literal for the script, every non-ASCII character escaped. */
const literal = (s: string) => JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

export const SUBSCRIBE_SCRIPT =
  '(function(){var d=document,W=window;if(!W.fetch||!W.Worker||!W.Promise||!W.JSON||!W.btoa)return;' +
  'function g(f){return f.__vs||(f.__vs={})}' +
  // Solve: one promise per form, replaced once spent. The worker starts beside the challenge's request.
  'function s(f){var t=g(f);if(t.p)return t.p;t.p=new Promise(function(ok,no){var c,w;' +
  'function x(){if(w)w.terminate();no(0)}' +
  `try{w=new Worker(${literal(SOLVER_PATH)})}catch(e){return x()}` +
  'w.onmessage=function(e){var r=e.data;w.terminate();if(c&&r&&typeof r.counter==="number"&&r.derivedKey)ok(btoa(JSON.stringify({challenge:c,solution:{counter:r.counter,derivedKey:r.derivedKey}})));else no(0)};' +
  'w.onerror=x;' +
  'fetch("/api/subscribe/challenge",{cache:"no-store"}).then(function(r){if(!r.ok)throw 0;return r.json()}).then(function(j){' +
  'c=j;w.postMessage({type:"work",challenge:c,counterStart:0,counterStep:1,timeout:60000})}).catch(x)});' +
  't.p.catch(function(){});return t.p}' +
  // The solver prefetched once the page is loaded and idle, where a form asks for it.
  'function P(){var l;if(!d.querySelector||!d.querySelector("form[data-sub]"))return;' +
  `l=d.createElement("link");l.rel="prefetch";l.href=${literal(SOLVER_PATH)};d.head.appendChild(l)}` +
  'if(W.addEventListener)W.addEventListener("load",function(){(W.requestIdleCallback||W.setTimeout)(P)});' +
  'function q(e){var t=e.target;return t&&t.closest?t.closest("form[data-sub]"):null}' +
  'd.addEventListener("focusin",function(e){var f=q(e);if(f)s(f)});' +
  'd.addEventListener("submit",function(e){var f=e.target,b,m,o={},i,n,a,k;' +
  'if(!f||!f.hasAttribute||!f.hasAttribute("data-sub"))return;e.preventDefault();' +
  'b=f.querySelector("button");m=f.querySelector(".vp-subm");if(b&&b.disabled)return;if(b)b.disabled=true;' +
  'for(i=0;i<f.elements.length;i++){n=f.elements[i];if(!n.name)continue;n.removeAttribute("aria-invalid");' +
  'if(n.type==="checkbox")o[n.name]=n.checked;else if(n.name!=="altcha")o[n.name]=n.value}' +
  's(f).then(function(p){o.altcha=p;return fetch(f.action,{method:"POST",headers:{"content-type":"application/json"},body:JSON.stringify(o)})' +
  '.then(function(r){return r.json().then(function(j){return{ok:r.ok,j:j}})})}).then(function(r){' +
  'g(f).p=null;if(b)b.disabled=false;' +
  `if(r.ok){f.reset();a=${literal(audienceStrings.checkEmail)}}else{a=r.j&&r.j.message||"";` +
  'for(k in r.j&&r.j.errors||{}){n=f.elements[k];if(n&&n.setAttribute)n.setAttribute("aria-invalid","true");if(r.j.errors[k]!==a)a+=" "+r.j.errors[k]}}' +
  'if(m){m.textContent=a;m.className=r.ok?"vp-subm":"vp-subm vp-subm-err"}},function(){g(f).p=null;if(b)b.disabled=false;f.submit()})})})();';
