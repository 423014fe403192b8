import "server-only";
import { HYDRATED_ATTRIBUTE } from "@/lib/client/hydration";

// Before React has hydrated a part of a page (its scripts still downloading
// or running, or a part streamed after a loading view and hydrated after the
// rest), that part is plain HTML: a form with no route of its own would
// submit natively (a POST to its own page, which draws itself again) and a
// button pressed or a switch flipped would do nothing. The pages that still
// need it carry this script (components/layout/early-input.tsx, in the
// owner's and the admin's layouts); the signed-out pages and the report page
// do not: their forms post to their own route handlers
// (lib/server/form-post.ts) until their scripts have started. Until React has hydrated the page (its
// root layout's effect marks <html> with HYDRATED_ATTRIBUTE, our own mark:
// nothing of React's internals is read), what is typed is kept, and a form
// submitted (by its button, or Enter in a field, even while its button waits
// for React to enable it) or a button, switch, checkbox or tab pressed is held
// (a form once, however many times it is submitted); as soon as React has the
// page, the text is handed to the fields' handlers and the press or submit is
// made again, in order, once. A press is let go after a few seconds if React
// never takes the page over.
//
// Written out by hand (not a compiled function's text) so that its bytes, and
// so its CSP hash on a prerendered page, are the same in every build.
export const EARLY_INPUT_SCRIPT =
  `(function(d){var typed=new Map(),held=[],timer=0,since=0,pass=null;` +
  // (React has the page once the root layout's effect has marked it: components/layout/hydration-mark.tsx.)
  `function ready(){return d.documentElement.hasAttribute("${HYDRATED_ATTRIBUTE}")}` +
  `function later(){if(!timer)timer=setTimeout(run,50)}` +
  // (Once React has the field, what it holds is React's: an older value kept for it is dropped, never written over newer typing.)
  `function keep(e){var t=e.target;if(!t||!("value"in t))return;if(ready(t))return typed.delete(t);typed.set(t,[t.value,t.checked]);later()}` +
  `d.addEventListener("input",keep,true);d.addEventListener("change",keep,true);` +
  // (A form already held is not held twice: two presses send it once.)
  `function hold(e,item){e.preventDefault();e.stopImmediatePropagation();if(item.length>1&&held.some(function(h){return h[0]===item[0]}))return;if(!held.length)since=Date.now();held.push(item);later()}` +
  `d.addEventListener("submit",function(e){var f=e.target;if(!ready(f))hold(e,[f,e.submitter||null])},true);` +
  `d.addEventListener("keydown",function(e){var t=e.target;if(e.key==="Enter"&&t&&t.tagName==="INPUT"&&t.form&&!ready(t.form))hold(e,[t.form,null])},true);` +
  `d.addEventListener("click",function(e){var b=e.target&&e.target.closest&&e.target.closest("button,[role=checkbox],[role=switch],[role=tab]");` +
  `if(b&&b!==pass&&!(b.type==="submit"&&b.form)&&!ready(b))hold(e,[b])},true);` +
  // React has the elements: hand it what happened meanwhile, in order.
  `function run(){timer=0;var wait=0;typed.forEach(function(v,t){if(!t.isConnected)return typed.delete(t);if(!ready(t))return wait=1;typed.delete(t);` +
  `if(t.type==="checkbox"||t.type==="radio"){t.checked=!v[1];t.click();return}if(!v[0])return;` +
  `var set=Object.getOwnPropertyDescriptor(Object.getPrototypeOf(t),"value").set;t.value="";set.call(t,v[0]);` +
  `t.dispatchEvent(new Event("input",{bubbles:true}));t.dispatchEvent(new Event("change",{bubbles:true}))});` +
  `var late=Date.now()-since>8e3;while(held.length&&!wait){var h=held[0],e=h[0];if(!e.isConnected){held.shift();continue}` +
  `if(!ready(e)&&!(late&&h.length<2)){wait=1;break}held.shift();` +
  `(function(h){setTimeout(function(){if(h.length>1)h[0].requestSubmit(h[1]&&h[1].isConnected&&h[1].form===h[0]?h[1]:undefined);else{pass=h[0];h[0].click();pass=null}},0)})(h)}` +
  `if(wait)later()}` +
  `})(document);`;
