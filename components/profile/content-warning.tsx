import { APP_NAME } from "@/lib/strings/app-name";
import { seoStrings } from "@/lib/strings/seo";

const strings = { seo: seoStrings };

// The warning shown before a flagged page's content or a flagged link's
// redirect (api.md, Creator blocks: sensitive content). Static HTML: it works
// with no JavaScript at all ('Continuar' is a plain link).

export type WarningLevel = "adult" | "sensitive";

export const GATE_ID = "c";

/** Only the pages that show a warning carry this CSS. */
export const WARNING_CSS =
  ".vw{box-sizing:border-box;min-height:100vh;min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif}" +
  ".vw-card{max-width:420px;width:100%;padding:32px 24px;border-radius:20px;background:#fff;color:#1c1917;text-align:center;box-shadow:0 8px 30px rgba(0,0,0,.18)}" +
  ".vw-who{margin:0;font-size:14px;color:#57534e;overflow-wrap:anywhere}.vw h1{margin:8px 0 0;font-size:24px;line-height:1.25}.vw-text{margin:12px 0 0;color:#44403c;line-height:1.5}" +
  ".vw-act{display:flex;flex-direction:column;gap:12px;margin-top:24px}.vw-act a{display:block;padding:14px 20px;border-radius:12px;font-weight:600;text-decoration:none;font-size:16px}" +
  ".vw-go{background:#6d28d9;color:#fff}.vw-back{border:2px solid #d6d3d1;color:#1c1917}.vw-act a:focus-visible{outline:3px solid #1c1917;outline-offset:3px}" +
  // The gate: the content shows once it is the address's target ('Continuar') or once the visit remembers it (.vp-ok, set by the page's script).
  `#${GATE_ID}:not(:target){display:none}#${GATE_ID}:target~.vw,.vp-ok .vw{display:none}.vp-ok #${GATE_ID}{display:block}#${GATE_ID}:focus{outline:none}`;

export function warningHeading(level: WarningLevel): string {
  return level === "adult" ? strings.seo.warningAdult : strings.seo.warningSensitive;
}

export function ContentWarning({
  level,
  text,
  who,
  continueHref,
  backHref,
  backInHistory,
}: {
  level: WarningLevel;
  text: string;
  /** The page's name and handle, when the warning stands for a profile. */
  who?: string;
  continueHref: string;
  backHref: string;
  /** 'Voltar' goes back in the tab's history when there is one (the page's script); the link is the fallback. */
  backInHistory?: boolean;
}) {
  return (
    <main className="vw" aria-labelledby="vw-h">
      <div className="vw-card">
        {who ? <p className="vw-who">{who}</p> : null}
        <h1 id="vw-h">{warningHeading(level)}</h1>
        <p className="vw-text">{text}</p>
        <div className="vw-act">
          <a className="vw-go" href={continueHref}>
            {strings.seo.continue}
          </a>
          <a className="vw-back" href={backHref} data-back={backInHistory ? "" : undefined}>
            {strings.seo.back}
          </a>
        </div>
      </div>
    </main>
  );
}

/** The page a flagged link's short link shows before redirecting. */
export function LinkWarningDocument({ origin, username, linkId }: { origin: string; username: string; linkId: string }) {
  const heading = warningHeading("sensitive");
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${heading} · ${APP_NAME}`}</title>
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <style>{`html,body{margin:0;background:#f5f5f4}${WARNING_CSS}`}</style>
      </head>
      <body>
        <ContentWarning
          level="sensitive"
          text={strings.seo.warningLinkText}
          who={`@${username}`}
          continueHref={`${origin}/${username}/${encodeURIComponent(linkId)}?continuar=1`}
          backHref={`${origin}/${username}`}
        />
      </body>
    </html>
  );
}
