// The embed kind's part of the public page's script (its `script`, built by
// scripts/build-page-scripts.mjs into ./play-embed.min.ts; sent only to a
// page that shows a player). Nothing is asked of the provider until play:
// pressing a player's stand-in (a[data-embed], drawn by ../embed-look.tsx)
// swaps it for the player's frame, the page's first request to the provider
// (the page's CSP frame-src allows exactly the players' hosts). The press is
// counted by the page's counting part (lib/profile/count-visits.browser.ts),
// as any link's. A middle click, or a click with a key held, opens the
// provider's page as the link it is.

export default function playEmbed(w: typeof window): void {
  const d = w.document;
  d.addEventListener(
    "click",
    (e) => {
      const standIn = (e.target as Element).closest("a[data-embed]");
      if (!standIn || e.ctrlKey || e.metaKey || e.shiftKey) return;
      e.preventDefault();
      const frame = d.createElement("iframe");
      frame.src = standIn.getAttribute("data-embed")!;
      frame.title = standIn.getAttribute("aria-label")!;
      frame.allow = "autoplay; encrypted-media; fullscreen; picture-in-picture";
      frame.setAttribute("allowfullscreen", "");
      standIn.parentNode!.replaceChild(frame, standIn);
      frame.focus();
    },
    true,
  );
}
