import type { Socials } from "@/lib/accounts/user-dto";
import { buttonBackground, buttonTextColor, coverImageStyle, moreLinksLabel, previewFit, PREVIEW_MAX_LINKS } from "@/lib/profile/appearance";
import { colourOf, initialsOf } from "@/lib/profile/initials";
import { linkIconKind, publicLinkIconKind } from "@/lib/profile/link-icon";
import { socialLinks } from "@/lib/profile/socials";
import { strings } from "@/lib/strings";
import { BrandIcon } from "./brand-icon";

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
  title: string;
  url: string;
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
  const more = preview ? moreLinksLabel(links.length) : null;
  const fit = preview ? { objectFit: previewFit(profile.imagePosition), objectPosition: "center" } : coverImageStyle(profile.imagePosition);
  const buttonStyle = {
    background: buttonBackground(profile.linkButtonColor, profile.linkButtonOpacity),
    color: buttonTextColor(profile.linkButtonColor),
  };
  const socials = socialLinks(profile.socials);
  const Heading = preview ? "p" : "h1";
  // The public page's main landmark; the dashboard's preview sits inside the app's own <main>.
  const Main = preview ? "div" : "main";

  return (
    <div className={`vp vp--${mode}`} style={{ backgroundColor: profile.backgroundColor, color: profile.fontColor }}>
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
            {shown.map((link) => (
              <li key={link.id}>
                <a className="vp-btn" href={link.url} target="_blank" rel="noopener noreferrer" data-link-id={link.id} style={buttonStyle}>
                  <BrandIcon kind={preview ? linkIconKind(link.url) : publicLinkIconKind(link.url)} />
                  <span>{link.title}</span>
                </a>
              </li>
            ))}
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
