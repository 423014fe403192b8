import { blocksStrings } from "@/lib/strings/blocks";

// Embeddable players (api.md, Creator blocks): YouTube (watch, youtu.be,
// shorts) and Spotify (track, album, playlist, episode, show). Pure: the
// editor, the API and the public page read an address the same way.

type EmbedProvider = "youtube" | "spotify";

export interface Embed {
  provider: EmbedProvider;
  /** YouTube: "video"; Spotify: what the address names. */
  type: "video" | "track" | "album" | "playlist" | "episode" | "show";
  id: string;
  /** The address stored and opened without the player (JavaScript off, middle click). */
  url: string;
  /** The player, loaded only when the visitor presses play. */
  playerUrl: string;
}

/** The only hosts a player frame may come from (the public page's CSP frame-src). */
export const EMBED_FRAME_ORIGINS = ["https://www.youtube-nocookie.com", "https://open.spotify.com"] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;
const SPOTIFY_TYPES = new Set(["track", "album", "playlist", "episode", "show"]);
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);

function youtube(id: string | null | undefined): Embed | null {
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return {
    provider: "youtube",
    type: "video",
    id,
    url: `https://www.youtube.com/watch?v=${id}`,
    playerUrl: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`,
  };
}

/** The player an address names, or null when it is not one we embed. */
export function parseEmbedUrl(raw: string): Embed | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || (url.port && url.port !== "443" && url.port !== "80")) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter(Boolean);
  if (host === "youtu.be") return parts.length === 1 ? youtube(parts[0]) : null;
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === "watch") return youtube(url.searchParams.get("v"));
    if (parts.length === 2 && (parts[0] === "shorts" || parts[0] === "live" || parts[0] === "embed")) return youtube(parts[1]);
    return null;
  }
  if (host === "open.spotify.com") {
    // A localised address: /intl-pt/track/… names the same track.
    const rest = parts[0]?.startsWith("intl-") ? parts.slice(1) : parts;
    const [type, id] = rest[0] === "embed" ? rest.slice(1) : rest;
    if (rest.length - (rest[0] === "embed" ? 1 : 0) !== 2 || !type || !id || !SPOTIFY_TYPES.has(type) || !SPOTIFY_ID.test(id)) return null;
    return {
      provider: "spotify",
      type: type as Embed["type"],
      id,
      url: `https://open.spotify.com/${type}/${id}`,
      playerUrl: `https://open.spotify.com/embed/${type}/${id}?utm_source=generator`,
    };
  }
  return null;
}

/** The player's height class: a video is 16:9, a Spotify track or episode a short bar, a list a taller one. */
export function embedShape(embed: Pick<Embed, "provider" | "type">): "video" | "short" | "tall" {
  if (embed.provider === "youtube") return "video";
  return embed.type === "track" || embed.type === "episode" ? "short" : "tall";
}

/** The title a player gets when the owner gives none. */
export function embedTitle(embed: Pick<Embed, "type">): string {
  return blocksStrings.defaultTitle[embed.type];
}
