import { Mail } from "lucide-react";
import { subscribeBlockStrings } from "@/lib/strings/subscribe-block";
import { defineBlockLook, type BlockViewProps } from "../block-kind";

const t = subscribeBlockStrings;

/**
 * A sign-up form (api.md, Audience): e-mail, the WhatsApp number when the
 * block asks for it, and an unticked consent box whose text names the page.
 * A plain POST that works without any script (the page comes back with the
 * answer in `notice`); where scripts run, the page's script
 * (./subscribe/send-sign-up.browser.ts) starts the proof of work when the form
 * is first used, and sends it without leaving the page. `website` is a field
 * people never see nor fill.
 */
function SubscribeView({ block, look, preview, homeUrl }: BlockViewProps) {
  const settings = (block.subscribe as { whatsapp: boolean; consent: string } | undefined) ?? { whatsapp: false, consent: "" };
  const id = (field: string) => `sub-${field}-${block.id}`;
  const notice = block.notice;
  const errorOf = (field: string) => notice?.errors?.[field];
  const fieldError = (field: string) => {
    const message = errorOf(field);
    return message ? (
      <p className="vp-err" id={id(`${field}-erro`)}>
        {message}
      </p>
    ) : null;
  };
  const described = (field: string) => (errorOf(field) ? id(`${field}-erro`) : undefined);
  if (preview) {
    return (
      <li className="vp-subw">
        <div className="vp-sub">
          <p className="vp-subt">{block.title}</p>
          <div className="vp-subp">{t.emailLabel}</div>
          <div {...look}>
            <span>{t.submit}</span>
          </div>
        </div>
      </li>
    );
  }
  return (
    <li className="vp-subw" id={`b-${block.id}`}>
      <form className="vp-sub" method="post" action={`${homeUrl}api/subscribe/${block.id}`} data-sub="" aria-labelledby={id("titulo")}>
        <p className="vp-subt" id={id("titulo")}>
          {block.title}
        </p>
        <label htmlFor={id("email")}>{t.emailLabel}</label>
        <input
          id={id("email")}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={notice?.values?.email}
          aria-invalid={errorOf("email") ? true : undefined}
          aria-describedby={described("email")}
        />
        {fieldError("email")}
        {settings.whatsapp ? (
          <>
            <label htmlFor={id("whatsapp")}>{t.whatsappLabel}</label>
            <input
              id={id("whatsapp")}
              name="whatsapp"
              type="tel"
              maxLength={25}
              autoComplete="tel"
              placeholder={t.whatsappPlaceholder}
              defaultValue={notice?.values?.whatsapp}
              aria-invalid={errorOf("whatsapp") ? true : undefined}
              aria-describedby={described("whatsapp")}
            />
            {fieldError("whatsapp")}
          </>
        ) : null}
        <div className="vp-hp" aria-hidden="true">
          <label htmlFor={id("website")}>{t.honeypotLabel}</label>
          <input id={id("website")} name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <div className="vp-consent">
          <input
            id={id("consent")}
            name="consent"
            type="checkbox"
            aria-invalid={errorOf("consent") ? true : undefined}
            aria-describedby={described("consent")}
          />
          <label htmlFor={id("consent")}>{settings.consent}</label>
        </div>
        {fieldError("consent")}
        <button type="submit" className={look.className} style={look.style}>
          <span>{t.submit}</span>
        </button>
        <p className={notice?.error ? "vp-subm vp-subm-err" : "vp-subm"} role="status" aria-live="polite">
          {/* A refusal already said beside its field is not said twice. */}
          {notice && !Object.values(notice.errors ?? {}).includes(notice.message) ? notice.message : null}
        </p>
      </form>
    </li>
  );
}

export const subscribeLook = defineBlockLook({
  name: "subscribe",
  View: SubscribeView,
  text: { add: t.addTitle, addHint: t.addSubtitle, edit: t.editTitle, badge: t.badge, added: t.added },
  rowIcon: Mail,
  menu: { icon: Mail },
  css:
    ".vp-sub{padding:16px;border-radius:16px;background:#fff;color:#1c1917;text-align:left;box-shadow:0 1px 3px rgba(0,0,0,.12)}" +
    ".vp-subt{margin:0 0 10px;font-size:17px;font-weight:700;overflow-wrap:anywhere}" +
    ".vp-sub label{display:block;margin:10px 0 4px;font-size:14px;font-weight:700}" +
    ".vp-sub input[type=email],.vp-sub input[type=tel]{display:block;box-sizing:border-box;width:100%;min-height:44px;padding:8px 12px;border:1px solid #78716c;border-radius:8px;background:#fff;color:#1c1917;font:inherit}" +
    ".vp-consent{display:flex;gap:10px;align-items:flex-start;margin:12px 0}" +
    ".vp-consent input{flex:none;width:22px;height:22px;margin:2px 0 0}" +
    ".vp-consent label{margin:0;font-weight:400;font-size:14px}" +
    ".vp-sub button{width:100%;justify-content:center;cursor:pointer;font:inherit;font-weight:700}" +
    ".vp-sub button span{text-align:center}" +
    ".vp-hp{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}" +
    ".vp-err{margin:4px 0 0;color:#b91c1c;font-size:14px}" +
    ".vp-subm{min-height:1.4em;margin:10px 0 0;font-size:15px;font-weight:600}" +
    ".vp-subm-err{color:#b91c1c}" +
    ".vp-subp{min-height:44px;margin:0 0 10px;padding:10px 12px;border:1px solid #78716c;border-radius:8px;font-size:14px;color:#57534e}" +
    ".vp-sub :focus-visible{outline:3px solid #1c1917;outline-offset:2px}",
});
