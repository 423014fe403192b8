import { APP_NAME } from "@/lib/strings/app-name";
import { notFoundStrings } from "@/lib/strings/not-found";
import { PROFILE_CSS } from "./profile-css";
import { ProfileView } from "./profile-view";
import { LOOKS } from "@/lib/blocks/looks";
import type { PublicProfile } from "@/lib/profile/public-profile";
import type { PageTools } from "@/lib/blocks/block-kind";
import { pageMeta, profileJsonLd } from "@/lib/profile/page-meta";
import { seoStrings } from "@/lib/strings/seo";
import { ContentWarning, WARNING_CSS } from "./content-warning";

const strings = { notFound: notFoundStrings };

// The whole public page as one HTML document: inline CSS, no framework
// JavaScript, one tiny script that counts the view and clicks by beacon.
// A flagged page is two documents (lib/profile/public-page.ts): the warning
// alone, which holds nothing of the links (no title, no address, no id), and
// after 'Continuar' the content; both have the same neutral head.

const PAGE_CSS = `html,body{margin:0;padding:0;min-height:100%}.vp--page{min-height:100vh;min-height:100dvh}${PROFILE_CSS}`;

/** The styles of the block kinds this page shows that bring their own (lib/blocks), once each. */
function blockCss(links: PublicProfile["links"]): string {
  const kinds = new Set(links.map((link) => link.kind));
  return LOOKS.filter((kind) => kinds.has(kind.name) && kind.css)
    .map((kind) => kind.css)
    .join("");
}

/** `script`: the page's script (lib/profile/page-script.ts), whose hash its CSP names. */
export function ProfileDocument({
  profile,
  origin,
  warningOnly = false,
  script,
  tools,
}: {
  profile: PublicProfile;
  origin: string;
  warningOnly?: boolean;
  script: string;
  tools?: PageTools;
}) {
  const { user, links } = profile;
  // On the page's own domain, its address everywhere (api.md, Custom domains); /{username} keeps answering.
  const url = profile.domain ? `https://${profile.domain}/` : `${origin}/${user.username}`;
  const { title, description, noindex, flagged } = pageMeta(user);
  // The Open Graph image of a flagged page is a neutral card (app/og/[username]); on the page's own domain, served there.
  const image = `${profile.domain ? `https://${profile.domain}` : origin}/og/${user.username}`;
  const warning = flagged && warningOnly;
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {noindex ? <meta name="robots" content="noindex" /> : null}
        <link rel="canonical" href={url} />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <meta name="theme-color" content={user.backgroundColor} />
        <meta property="og:type" content="profile" />
        <meta property="og:site_name" content={APP_NAME} />
        <meta property="og:locale" content="pt_BR" />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={url} />
        <meta property="og:image" content={image} />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        <meta property="og:image:alt" content={user.name} />
        <meta property="profile:username" content={user.username} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={description} />
        <meta name="twitter:image" content={image} />
        <style>{warning ? `html,body{margin:0;padding:0;min-height:100%}${WARNING_CSS}` : PAGE_CSS + blockCss(links)}</style>
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: profileJsonLd(user, url, description) }} />
      </head>
      <body data-profile={user.username} data-flagged={flagged ? "" : undefined} style={{ backgroundColor: user.backgroundColor }}>
        {warning ? (
          <ContentWarning
            level={user.sensitive === "adult" ? "adult" : "sensitive"}
            text={user.sensitive === "adult" ? seoStrings.warningAdultText : seoStrings.warningSensitiveText}
            who={`${user.name} · @${user.username}`}
            continueAction={`/${user.username}`}
            backHref={`${origin}/`}
            backInHistory
          />
        ) : (
          <ProfileView profile={user} links={links} mode="page" homeUrl={`${origin}/`} tools={tools} />
        )}
        <script>{script}</script>
      </body>
    </html>
  );
}

/** 'Perfil não encontrado' or 'Link não encontrado', as a light page of its own. */
export function MissingDocument({ kind, origin }: { kind: "profile" | "link"; origin: string }) {
  const t = strings.notFound;
  const title = kind === "profile" ? t.profileTitle : t.linkTitle;
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · ${APP_NAME}`}</title>
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <style>{MISSING_CSS}</style>
      </head>
      <body>
        <main className="m">
          <p className="c">404</p>
          <h1>{title}</h1>
          <p>{kind === "profile" ? t.profileText : t.linkText}</p>
          {kind === "link" ? <p className="q">{t.linkPrompt}</p> : null}
          <a className="b" href={`${origin}/`}>
            {kind === "link" ? t.linkCta : t.home}
          </a>
        </main>
      </body>
    </html>
  );
}

const MISSING_CSS =
  "html,body{margin:0;min-height:100%;background:#faf9fb;color:#1c1917;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif}" +
  ".m{max-width:420px;margin:0 auto;padding:96px 24px;text-align:center}.c{margin:0;color:#6d28d9;font-weight:700;font-size:14px}" +
  "h1{margin:8px 0 0;font-size:28px;letter-spacing:-.01em}p{color:#57534e;line-height:1.5}.q{color:#1c1917;font-weight:600;margin-top:24px}" +
  ".b{display:inline-block;margin-top:16px;padding:12px 22px;border-radius:12px;background:#6d28d9;color:#fff;font-weight:600;text-decoration:none}" +
  ".b:focus-visible{outline:3px solid #1c1917;outline-offset:3px}";
