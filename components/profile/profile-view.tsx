import type { Socials } from "@/lib/accounts/user-dto";
import { coverImageStyle, moreLinksLabel, previewFit, PREVIEW_MAX_LINKS } from "@/lib/profile/appearance";
import { buttonColors, lookClasses } from "@/lib/profile/button-look";
import { colourOf, initialsOf } from "@/lib/profile/initials";
import { socialLinks } from "@/lib/profile/socials";
import { previewStrings } from "@/lib/strings/preview";
import { reportLinkText } from "@/lib/strings/report-link";
import type { PageTools, PublicBlockView } from "@/lib/blocks/block-kind";
import { blockLook } from "@/lib/blocks/looks";
import { BrandIcon } from "./brand-icon";

const strings = { preview: previewStrings };

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

/** A block as the page draws it (lib/blocks/block-kind.ts). */
export type ProfileViewLink = PublicBlockView;

export function ProfileView({
  profile,
  links,
  mode,
  homeUrl = "/",
  tools,
}: {
  profile: ProfileViewData;
  links: ProfileViewLink[];
  mode: "page" | "preview";
  homeUrl?: string;
  /** The server's drawing tools (the public page only). */
  tools?: PageTools;
}) {
  const preview = mode === "preview";
  const shown = preview ? links.slice(0, PREVIEW_MAX_LINKS) : links;
  const isLink = (l: ProfileViewLink) => !blockLook(l.kind ?? "link")?.section;
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
              // Each kind draws itself (lib/blocks); a row of a kind this build does not know is left off.
              const kind = blockLook(link.kind ?? "link");
              if (!kind) return null;
              const look = { className: link.highlighted ? "vp-btn vp-hl" : "vp-btn", style: link.highlighted ? highlightStyle : buttonStyle };
              return (
                <kind.View
                  key={link.id}
                  block={link}
                  look={look}
                  preview={preview}
                  page={{ username: profile.username, name: profile.name }}
                  homeUrl={homeUrl}
                  Section={Section}
                  tools={preview ? undefined : tools}
                />
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
              {reportLinkText}
            </a>
          )}
        </footer>
      </Main>
    </div>
  );
}
