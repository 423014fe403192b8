// The public profile's own stylesheet: small enough to inline in the page, so
// /{username} needs no other CSS file. The dashboard preview uses it too.
export const PROFILE_CSS = `
.vp{position:relative;box-sizing:border-box;min-height:100%;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.4;overflow:hidden;-webkit-font-smoothing:antialiased}
.vp *{box-sizing:border-box}
.vp-cover{position:absolute;inset:0;z-index:0;pointer-events:none}
.vp--page .vp-cover{position:fixed}
.vp-cover img{display:block;width:100%;height:100%}
.vp-main{position:relative;z-index:1;display:flex;flex-direction:column;align-items:center;max-width:580px;margin:0 auto;padding:56px 20px 28px;text-align:center}
.vp--preview .vp-main{padding:44px 18px 20px}
.vp-avatar{display:flex;align-items:center;justify-content:center;width:104px;height:104px;border-radius:50%;object-fit:cover;border:3px solid rgba(255,255,255,.85);box-shadow:0 4px 18px rgba(0,0,0,.15);font-size:38px;font-weight:700;color:#fff}
.vp--preview .vp-avatar{width:88px;height:88px;font-size:32px}
.vp-name{margin:16px 0 0;font-size:24px;font-weight:800;letter-spacing:-.01em;overflow-wrap:anywhere}
.vp--preview .vp-name{font-size:20px}
.vp-handle{margin:2px 0 0;font-size:14px;opacity:.75}
.vp-bio{margin:10px 0 0;max-width:440px;font-size:15px;white-space:pre-line;overflow-wrap:anywhere;opacity:.9}
.vp-socials{display:flex;flex-wrap:wrap;justify-content:center;gap:6px;margin:16px 0 0;padding:0;list-style:none}
.vp-socials a{display:flex;align-items:center;justify-content:center;width:44px;height:44px;border-radius:50%;color:inherit}
.vp-socials a:hover{background:rgba(127,127,127,.15)}
.vp-links{display:flex;flex-direction:column;gap:12px;width:100%;margin:24px 0 0;padding:0;list-style:none}
.vp--preview .vp-links{gap:10px;margin-top:20px}
.vp-btn{display:flex;align-items:center;gap:12px;width:100%;min-height:56px;padding:14px 18px;border-radius:16px;border:1px solid rgba(0,0,0,.08);box-shadow:0 1px 3px rgba(0,0,0,.08);font-size:16px;font-weight:600;text-decoration:none;transition:transform .15s ease,box-shadow .15s ease}
.vp--preview .vp-btn{min-height:48px;padding:11px 14px;font-size:14px;border-radius:14px}
.vp--preview .vp-btn::after{width:18px}
.vp-btn:hover{transform:translateY(-2px);box-shadow:0 6px 16px rgba(0,0,0,.12)}
.vp-btn:focus-visible,.vp-socials a:focus-visible,.vp-footer a:focus-visible{outline:3px solid currentColor;outline-offset:3px}
.vp-btn svg{flex:none}
.vp-btn::after{content:"";width:20px;flex:none}
.vp-btn span{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.vp--preview .vp-btn span{max-width:200px}
.vp--page .vp-btn span{white-space:normal;overflow-wrap:anywhere;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
.vp-empty,.vp-more{margin:16px 0 0;font-size:14px;opacity:.75}
.vp-footer{margin-top:40px;font-size:13px}
.vp--preview .vp-footer{margin-top:28px}
.vp-footer a{color:inherit;font-weight:700;text-decoration:none;opacity:.85}
.vp-footer a:hover{text-decoration:underline}
.vp-sec{margin:12px 0 0}
.vp-sec>*{margin:0;font-size:17px;font-weight:700;overflow-wrap:anywhere}
.vp-thumb{flex:none;width:40px;height:40px;margin:-6px 0;border-radius:8px;object-fit:cover}
.vp-btn:has(.vp-thumb)::after{width:40px}
.vp-sh-square .vp-btn{border-radius:4px}
.vp-sh-pill .vp-btn{border-radius:999px}
.vp-sh-pill .vp-thumb{border-radius:50%}
.vp-s-outline .vp-btn{border-width:2px;box-shadow:none}
.vp-s-shadow .vp-btn{border:2px solid var(--ink);box-shadow:4px 4px 0 var(--ink)}
.vp-s-shadow .vp-btn:hover{transform:translate(-2px,-2px);box-shadow:6px 6px 0 var(--ink)}
.vp-f-serif{font-family:ui-serif,Georgia,Cambria,"Times New Roman",serif}
.vp-f-mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace}
.vp-f-rounded{font-family:ui-rounded,"SF Pro Rounded","Arial Rounded MT Bold",Nunito,system-ui,sans-serif}
.vp-hl{font-weight:800}
@media (prefers-reduced-motion:no-preference){.vp-hl{animation:vp-pulse 1.6s ease-in-out 3}}
@keyframes vp-pulse{50%{transform:scale(1.03)}}
.vp-footer .vp-report{display:block;width:fit-content;margin:12px auto 0;padding:4px 8px;font-size:12px;font-weight:500;text-decoration:underline;opacity:.75}
.vp-report:focus-visible{outline:3px solid currentColor;outline-offset:3px}
.vp-pix>summary{list-style:none;cursor:pointer}
.vp-pix>summary::-webkit-details-marker{display:none}
.vp-pixb{margin-top:8px;padding:16px;border-radius:16px;background:#fff;color:#1c1917;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.vp-qr{width:208px;max-width:100%;margin:0 auto}
.vp-qr svg{display:block;width:100%;height:auto}
.vp-pixb p{margin:10px 0;font-size:14px}
.vp-pixb label{display:block;font-size:13px;font-weight:700;text-align:left}
.vp-pixb textarea{display:block;width:100%;margin-top:4px;padding:8px;border:1px solid #78716c;border-radius:8px;background:#fafaf9;color:#1c1917;font:12px/1.4 ui-monospace,Menlo,Consolas,monospace;resize:none;word-break:break-all}
.vp-pixb button{margin-top:10px;min-height:44px;padding:10px 20px;border:0;border-radius:999px;background:#1c1917;color:#fff;font:inherit;font-weight:700;cursor:pointer}
.vp-pixb button[hidden]{display:none}
.vp-pixb .vp-ok{min-height:1.4em;margin:6px 0 0}
.vp-pix>summary:focus-visible,.vp-embp:focus-visible,.vp-pixb :focus-visible{outline:3px solid currentColor;outline-offset:3px}
.vp-embp,.vp-emb iframe{position:relative;display:block;width:100%;border:0;border-radius:16px;overflow:hidden;background:#18181b;color:#fff;text-decoration:none}
.vp-emb-video .vp-embp,.vp-emb-video iframe{aspect-ratio:16/9}
.vp-emb-short .vp-embp,.vp-emb-short iframe{height:152px}
.vp-emb-tall .vp-embp,.vp-emb-tall iframe{height:352px}
.vp-embp img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;opacity:.8}
.vp-play{position:absolute;top:50%;left:50%;display:flex;align-items:center;justify-content:center;width:60px;height:60px;margin:-30px 0 0 -30px;border-radius:50%;background:#fff;color:#18181b;box-shadow:0 2px 10px rgba(0,0,0,.35)}
.vp-embt{position:absolute;left:0;right:0;bottom:0;display:flex;align-items:center;gap:8px;padding:28px 14px 12px;background:linear-gradient(transparent,rgba(0,0,0,.8));font-size:15px;font-weight:700;text-align:left}
.vp-embt span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.vp-embt svg{flex:none}
@media (prefers-reduced-motion:reduce){.vp-btn{transition:none}.vp-btn:hover{transform:none}}
`.trim();
