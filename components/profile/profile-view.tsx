import type { Socials } from "@/lib/accounts/user-dto";
import { coverImageStyle, moreLinksLabel, previewFit, PREVIEW_MAX_LINKS } from "@/lib/profile/appearance";
import { buttonColors, lookClasses } from "@/lib/profile/button-look";
import { colourOf, initialsOf } from "@/lib/profile/initials";
import { linkIconKind } from "@/lib/profile/link-icon";
import { socialLinks } from "@/lib/profile/socials";
import { previewStrings } from "@/lib/strings/preview";
import { moderationStrings } from "@/lib/strings/moderation";
import { embedShape, parseEmbedUrl } from "@/lib/links/embed";
import type { LinkKind } from "@/lib/links/link-schemas";
import { blocksStrings } from "@/lib/strings/blocks";
import { BrandIcon } from "./brand-icon";

const strings = { preview: previewStrings, moderation: moderationStrings, blocks: blocksStrings };

// The public profile's look, rendered by the public page (to static HTML, no
// JavaScript) and by the dashboard's phone preview. Server-safe: no hooks, no
// browser APIs, every user value rendered as text or as an escaped attribute.

export interface ProfileAppearance {
  backgroundColor: string;
  fontColor: string;
  coverUrl: string | null;
  imageOpacity: number;
  imagePosition: string;
  linkButtonColor: string;
  linkButtonOpacity: number;
  buttonStyle?: string;
  buttonShape?: string;
  fontFamily?: string;
}

export interface ProfileViewData extends ProfileAppearance {
  name: string;
  username: string;
  bio: string;
  avatarUrl: string | null;
  socials: Socials;
}

export interface ProfileViewLink {
  id: string;
  /** "header": a section title, drawn as a heading (never a link, never counted). */
  kind?: LinkKind;
  title: string;
  url: string | null;
  highlighted?: boolean;
  thumbnailUrl?: string | null;
  /** A Pix block's "copia e cola" code. */
  pixCode?: string;
  /** Its QR code as SVG markup, drawn by the server from pixCode (lib/pix/pix-qr.ts); the page only. */
  pixQr?: string;
  /** Goes through its short link, which warns first (and counts the click there, not by beacon). */
  sensitive?: boolean;
}

export function ProfileView({
  profile,
  links,
  mode,
  homeUrl = "/",
}: {
  profile: ProfileViewData;
  links: ProfileViewLink[];
  mode: "page" | "preview";
  homeUrl?: string;
}) {
  const preview = mode === "preview";
  const shown = preview ? links.slice(0, PREVIEW_MAX_LINKS) : links;
  const isLink = (l: ProfileViewLink) => l.kind !== "header";
  const more = preview ? moreLinksLabel(links.filter(isLink).length, shown.filter(isLink).length) : null;
  const fit = preview ? { objectFit: previewFit(profile.imagePosition), objectPosition: "center" } : coverImageStyle(profile.imagePosition);
  const buttonStyle = buttonColors(profile);
  // A ring in the page's text colour, apart from the button by the page's background.
  const highlightStyle = { ...buttonStyle, boxShadow: `0 0 0 3px ${profile.backgroundColor},0 0 0 6px ${profile.fontColor}` };
  const socials = socialLinks(profile.socials);
  const Heading = preview ? "p" : "h1";
  const Section = preview ? "p" : "h2";
  // The public page's main landmark; the dashboard's preview sits inside the app's own <main>.
  const Main = preview ? "div" : "main";

  return (
    <div
      className={`vp vp--${mode} ${lookClasses(profile)}`}
      // --ink: the 'shadow' style's border and shadow, in the page's text colour so it shows on any background.
      style={{ backgroundColor: profile.backgroundColor, color: profile.fontColor, ["--ink" as string]: profile.fontColor }}
    >
      {profile.coverUrl ? (
        <div className="vp-cover">
          <img src={profile.coverUrl} alt={strings.preview.coverAlt} style={{ ...fit, opacity: profile.imageOpacity / 100 }} />
        </div>
      ) : null}
      <Main className="vp-main">
        {profile.avatarUrl ? (
          <img className="vp-avatar" src={profile.avatarUrl} alt={profile.name} width={104} height={104} />
        ) : (
          <div className="vp-avatar" style={{ backgroundColor: colourOf(profile.name) }} role="img" aria-label={profile.name}>
            {initialsOf(profile.name)}
          </div>
        )}
        <Heading className="vp-name">{profile.name}</Heading>
        <p className="vp-handle">@{profile.username}</p>
        {profile.bio ? <p className="vp-bio">{profile.bio}</p> : null}
        {socials.length && !preview ? (
          <ul className="vp-socials">
            {socials.map((s) => (
              <li key={s.network}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.label} title={s.label}>
                  <BrandIcon kind={s.icon} size={22} />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {shown.length ? (
          <ul className="vp-links">
            {shown.map((link) => {
              const look = { className: link.highlighted ? "vp-btn vp-hl" : "vp-btn", style: link.highlighted ? highlightStyle : buttonStyle };
              if (link.kind === "header" || (link.url === null && link.kind !== "pix")) {
                return (
                  <li key={link.id} className="vp-sec">
                    <Section>{link.title}</Section>
                  </li>
                );
              }
              if (link.kind === "pix") {
                return <PixBlock key={link.id} link={link} look={look} preview={preview} />;
              }
              // A player flagged sensitive is drawn as a plain button to its short link, which warns before sending the visitor to the provider.
              const embed = link.kind === "embed" && link.url && !link.sensitive ? parseEmbedUrl(link.url) : null;
              if (embed && link.url) {
                return (
                  <li key={link.id} className={`vp-emb vp-emb-${embedShape(embed)}`}>
                    {/* Nothing is asked of the provider until play: the counting script swaps this for the player. */}
                    <a
                      className="vp-embp"
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      data-link-id={preview ? undefined : link.id}
                      data-embed={preview ? undefined : embed.playerUrl}
                      aria-label={strings.blocks.play(link.title)}
                    >
                      {link.thumbnailUrl ? <img src={link.thumbnailUrl} alt="" width={640} height={360} loading="lazy" /> : null}
                      <span className="vp-play" aria-hidden="true">
                        <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
                          <path d="M8 5.5v13l11-6.5z" fill="currentColor" />
                        </svg>
                      </span>
                      <span className="vp-embt">
                        <BrandIcon kind={embed.provider === "spotify" ? "spotify" : "youtube"} size={18} />
                        <span>{link.title}</span>
                      </span>
                    </a>
                  </li>
                );
              }
              const url = link.url ?? "";
              return (
                <li key={link.id}>
                  <a
                    className={look.className}
                    href={link.sensitive ? `${homeUrl}${profile.username}/${link.id}` : url}
                    target={/^(mailto|tel):/i.test(url) ? undefined : "_blank"}
                    rel="noopener noreferrer"
                    data-link-id={link.sensitive ? undefined : link.id}
                    style={look.style}
                  >
                    {link.thumbnailUrl ? (
                      <img className="vp-thumb" src={link.thumbnailUrl} alt="" width={40} height={40} loading="lazy" />
                    ) : (
                      <BrandIcon kind={linkIconKind(url)} />
                    )}
                    <span>{link.title}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="vp-empty">{strings.preview.noActiveLinks}</p>
        )}
        {more ? <p className="vp-more">{more}</p> : null}
        <footer className="vp-footer">
          <a href={homeUrl} target="_blank" rel="noopener">
            {strings.preview.footer}
          </a>
          {preview ? null : (
            <a className="vp-report" href={`${homeUrl}denunciar/${profile.username}`} rel="nofollow">
              {strings.moderation.report.link}
            </a>
          )}
        </footer>
      </Main>
    </div>
  );
}

/**
 * A Pix block: a button that opens the code, its QR code and a copy button.
 * <details> opens without any script; the counting script counts the opening
 * as a click and shows the copy button (hidden without it: the code can still
 * be selected and copied by hand).
 */
function PixBlock({
  link,
  look,
  preview,
}: {
  link: ProfileViewLink;
  look: { className: string; style: React.CSSProperties };
  preview: boolean;
}) {
  const t = strings.blocks;
  const button = (
    <>
      <BrandIcon kind="pix" />
      <span>{link.title}</span>
    </>
  );
  if (preview || !link.pixCode) {
    return (
      <li>
        <div {...look}>{button}</div>
      </li>
    );
  }
  const field = `pix-${link.id}`;
  return (
    <li>
      <details className="vp-pix" data-link-id={link.id}>
        <summary {...look}>{button}</summary>
        <div className="vp-pixb">
          {link.pixQr ? <div className="vp-qr" role="img" aria-label={t.pixQrAlt} dangerouslySetInnerHTML={{ __html: link.pixQr }} /> : null}
          <p>{t.pixHowTo}</p>
          <label htmlFor={field}>{t.pixCodeLabel}</label>
          <textarea id={field} readOnly rows={3} defaultValue={link.pixCode} spellCheck={false} />
          <button type="button" data-copy={field} data-ok={t.pixCopied} hidden>
            {t.pixCopy}
          </button>
          <p className="vp-ok" role="status" />
        </div>
      </details>
    </li>
  );
}
