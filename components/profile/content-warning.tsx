import { APP_NAME } from "@/lib/strings/app-name";
import { seoStrings } from "@/lib/strings/seo";

const strings = { seo: seoStrings };

// The warning shown before a flagged page's content or a flagged link's
// redirect (api.md, Creator blocks: sensitive content). Static HTML: it works
// with no JavaScript at all. On a flagged page 'Continuar' is a form posted
// to the page itself, which records the consent for the visit and sends the
// visitor back to the page, now with its links (app/[username]/route.ts); on
// a short link it is a plain link that redirects.

export type WarningLevel = "adult" | "sensitive";

/** Only the pages that show a warning carry this CSS. */
export const WARNING_CSS =
  ".vw{box-sizing:border-box;min-height:100vh;min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif}" +
  ".vw-card{max-width:420px;width:100%;padding:32px 24px;border-radius:20px;background:#fff;color:#1c1917;text-align:center;box-shadow:0 8px 30px rgba(0,0,0,.18)}" +
  ".vw-who{margin:0;font-size:14px;color:#57534e;overflow-wrap:anywhere}.vw h1{margin:8px 0 0;font-size:24px;line-height:1.25}.vw-text{margin:12px 0 0;color:#44403c;line-height:1.5}" +
  ".vw-act{display:flex;flex-direction:column;gap:12px;margin-top:24px}.vw-act form{margin:0}" +
  ".vw-act a,.vw-act button{box-sizing:border-box;display:block;width:100%;margin:0;padding:14px 20px;border:0;border-radius:12px;font:inherit;font-weight:600;text-decoration:none;font-size:16px;line-height:1.25;cursor:pointer}" +
  ".vw-act .vw-go{background:#6d28d9;color:#fff}.vw-act .vw-back{border:2px solid #d6d3d1;background:none;color:#1c1917}.vw-act a:focus-visible,.vw-act button:focus-visible{outline:3px solid #1c1917;outline-offset:3px}";

export function warningHeading(level: WarningLevel): string {
  return level === "adult" ? strings.seo.warningAdult : strings.seo.warningSensitive;
}

export function ContentWarning({
  level,
  text,
  who,
  continueHref,
  continueAction,
  backHref,
  backInHistory,
}: {
  level: WarningLevel;
  text: string;
  /** The page's name and handle, when the warning stands for a profile. */
  who?: string;
  /** 'Continuar' as a link (a short link's redirect)... */
  continueHref?: string;
  /** ...or as a form posted here (a page's consent). */
  continueAction?: string;
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
          {continueAction ? (
            <form method="post" action={continueAction}>
              <button className="vw-go" type="submit">
                {strings.seo.continue}
              </button>
            </form>
          ) : (
            <a className="vw-go" href={continueHref}>
              {strings.seo.continue}
            </a>
          )}
          <a className="vw-back" href={backHref} data-back={backInHistory ? "" : undefined}>
            {strings.seo.back}
          </a>
        </div>
      </div>
    </main>
  );
}

/**
 * The page a short link shows before redirecting: a link flagged sensitive
 * (its own warning), or any link of a flagged page for a visitor who has not
 * pressed that page's 'Continuar' (the page's warning, `level`).
 */
export function LinkWarningDocument({ origin, username, linkId, level }: { origin: string; username: string; linkId: string; level?: WarningLevel }) {
  const heading = warningHeading(level ?? "sensitive");
  const text = level === "adult" ? strings.seo.warningAdultText : level === "sensitive" ? strings.seo.warningSensitiveText : strings.seo.warningLinkText;
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
          level={level ?? "sensitive"}
          text={text}
          who={`@${username}`}
          continueHref={`${origin}/${username}/${encodeURIComponent(linkId)}?continuar=1`}
          backHref={`${origin}/${username}`}
        />
      </body>
    </html>
  );
}
