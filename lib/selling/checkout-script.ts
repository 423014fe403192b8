// The checkout page's one script (api.md: no framework JavaScript; a small
// script that asks for the status every 3 s and turns the page when paid).
// Plain ES5 so it runs as sent; the page's CSP names its hash. Without it the
// page works the same through 'Já paguei' (a reload) and the selectable code.
//  - 'Copiar código' (shown only here, where it can work) copies the code;
//  - the time left is counted down each 15 s;
//  - GET statusUrl every 3 s: paid → the Pix part hides and `Pagamento
//    confirmado` shows in its place; any other end (failed, refunded) → the
//    page is drawn again by the server.

export const CHECKOUT_SCRIPT = `(function(){var p=document.getElementById("pix");if(!p)return;
var c=document.getElementById("copiar"),k=document.getElementById("codigo"),t=document.getElementById("tempo"),e=+p.getAttribute("data-expires");
if(c&&navigator.clipboard){c.hidden=false;c.onclick=function(){navigator.clipboard.writeText(k.value).then(function(){c.textContent=c.getAttribute("data-done")})}}
function tick(){var m=Math.max(0,Math.ceil((e-Date.now())/60000));t.textContent=t.getAttribute("data-label").replace("{m}",m)}
setInterval(tick,15000);
function ask(){fetch(p.getAttribute("data-status"),{cache:"no-store"}).then(function(r){return r.ok?r.json():null}).then(function(j){
if(j&&j.status==="paid"){p.hidden=true;var d=document.getElementById("pago");d.hidden=false;d.focus();return}
if(j&&j.status!=="pending"){location.reload();return}setTimeout(ask,3000)},function(){setTimeout(ask,3000)})}
setTimeout(ask,3000)})();`;
