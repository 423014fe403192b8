import { embedShape, embedTitle, parseEmbedUrl } from "./embed-url";

describe("parseEmbedUrl", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "video", "dQw4w9WgXcQ"],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL1", "youtube", "video", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "video", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=abc", "youtube", "video", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/aqz-KE-bpKQ", "youtube", "video", "aqz-KE-bpKQ"],
    ["  https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC  ", "spotify", "track", "4uLU6hMCjMI75M1A2tKUQC"],
    ["https://open.spotify.com/intl-pt/album/1DFixLWuPkv3KT3TnV35m3?si=x", "spotify", "album", "1DFixLWuPkv3KT3TnV35m3"],
    ["https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M", "spotify", "playlist", "37i9dQZF1DXcBWIGoYBM5M"],
    ["https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ", "spotify", "episode", "512ojhOuo1ktJprKbVcKyQ"],
    ["https://open.spotify.com/show/2MAi0BvDc6GTFvKFPXnkCL", "spotify", "show", "2MAi0BvDc6GTFvKFPXnkCL"],
  ])("reads %s", (url, provider, type, id) => {
    expect(parseEmbedUrl(url)).toMatchObject({ provider, type, id });
  });

  it("builds the canonical page and the player on the no-cookie or embed host only", () => {
    expect(parseEmbedUrl("https://youtu.be/dQw4w9WgXcQ")).toEqual({
      provider: "youtube",
      type: "video",
      id: "dQw4w9WgXcQ",
      url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      playerUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
    });
    expect(parseEmbedUrl("https://open.spotify.com/intl-pt/track/4uLU6hMCjMI75M1A2tKUQC")?.playerUrl).toBe(
      "https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC?utm_source=generator",
    );
  });

  it.each([
    "https://vimeo.com/76979871",
    "https://www.youtube.com/channel/UC38IQsAvIsxxjztdMZQtwHA",
    "https://www.youtube.com/watch?v=short",
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    "https://youtu.be.evil.example/dQw4w9WgXcQ",
    "https://evil.example/open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC",
    "https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF",
    "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC/extra",
    "https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)",
    "spotify:track:4uLU6hMCjMI75M1A2tKUQC",
    "",
  ])("refuses %s", (url) => {
    expect(parseEmbedUrl(url)).toBeNull();
  });

  it("sizes each player and names a block left without a title", () => {
    expect(embedShape({ provider: "youtube", type: "video" })).toBe("video");
    expect(embedShape({ provider: "spotify", type: "track" })).toBe("short");
    expect(embedShape({ provider: "spotify", type: "playlist" })).toBe("tall");
    expect(embedTitle({ type: "album" })).toBe("Álbum no Spotify");
  });
});
