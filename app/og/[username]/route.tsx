// GET /og/:username — public; the profile's social preview image (1200×630 PNG), drawn locally.
import { ImageResponse } from "next/og";
import { lowercaseAscii } from "@/lib/accounts/username";
import { publicProfile } from "@/lib/profile/public-page";
import { buttonTextColor } from "@/lib/profile/appearance";
import { colourOf, initialsOf } from "@/lib/profile/initials";
import { pageRoute } from "@/lib/server/http";
import { isFlagged } from "@/lib/profile/page-meta";
import { APP_NAME } from "@/lib/strings";
import { seoStrings } from "@/lib/strings/seo";

export const GET = pageRoute<{ username: string }>(async (_req, { username }) => {
  const profile = await publicProfile(lowercaseAscii(username));
  if (!profile) return new Response("Perfil não encontrado", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const { user, links } = profile;
  if (isFlagged(user)) return neutralCard(user.name, user.username);
  const bg = user.backgroundColor;
  const fg = user.fontColor;
  const chip = user.linkButtonColor;
  // The bundled font (no remote fonts); avatars are drawn as initials so
  // nothing is fetched to make the image.
  return new ImageResponse(
    <div style={{ width: "100%", height: "100%", display: "flex", alignItems: "center", background: bg, color: fg, padding: "72px", fontFamily: "sans-serif" }}>
      <div
        style={{
          width: 240,
          height: 240,
          borderRadius: 120,
          background: colourOf(user.name),
          color: "#fff",
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          fontSize: 104,
          fontWeight: 700,
          flexShrink: 0,
        }}
      >
        {initialsOf(user.name)}
      </div>
      <div style={{ display: "flex", flexDirection: "column", marginLeft: 64, flex: 1 }}>
        <div style={{ fontSize: 68, fontWeight: 700, lineHeight: 1.1 }}>{user.name.slice(0, 40)}</div>
        <div style={{ fontSize: 36, opacity: 0.75, marginTop: 12 }}>{`@${user.username}`}</div>
        <div style={{ display: "flex", marginTop: 40 }}>
          <div
            style={{
              display: "flex",
              padding: "14px 28px",
              borderRadius: 18,
              background: chip,
              color: buttonTextColor(chip),
              fontSize: 30,
              border: "2px solid rgba(0,0,0,0.08)",
            }}
          >
            {`${links.length} ${links.length === 1 ? "link" : "links"} · ${APP_NAME}`}
          </div>
        </div>
      </div>
    </div>,
    { width: 1200, height: 630, headers: { "cache-control": "public, max-age=300" } },
  );
});

/** A flagged page's preview: no avatar, cover, colours or link titles; only who it is and that a warning comes first. */
function neutralCard(name: string, username: string) {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "center",
        background: "#f5f5f4",
        color: "#1c1917",
        padding: "72px",
        fontFamily: "sans-serif",
      }}
    >
      <div style={{ fontSize: 64, fontWeight: 700, lineHeight: 1.1 }}>{name.slice(0, 40)}</div>
      <div style={{ fontSize: 36, color: "#57534e", marginTop: 12 }}>{`@${username}`}</div>
      <div style={{ display: "flex", marginTop: 40 }}>
        <div style={{ display: "flex", padding: "14px 28px", borderRadius: 18, background: "#1c1917", color: "#ffffff", fontSize: 30 }}>
          {`${seoStrings.ogFlagged} · ${APP_NAME}`}
        </div>
      </div>
    </div>,
    { width: 1200, height: 630, headers: { "cache-control": "public, max-age=300" } },
  );
}
