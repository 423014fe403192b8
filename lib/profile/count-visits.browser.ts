// The part of the public page's script that every page runs first (built by
// scripts/build-page-scripts.mjs into ./count-visits.min.ts): the view once
// the page is really shown, and a beacon per link click, each carrying the
// page's referrer (the source of the visit, api.md Insights). Cookies go
// along (same origin), so the owner's own visits are recognised and not
// counted.
//
// A flagged page (body[data-flagged], api.md sensitive content) counts its
// view on the warning, with the visit's real referrer; 'Continuar' (a form
// posted to the page, answered by a redirect to it) then loads the content
// with the page itself as referrer: that load, and a reload of it, are the
// same view and are not counted again. 'Voltar' (a[data-back]) goes back in
// the tab's history when there is a page to go back to (its link is the
// fallback).
//
// Each count carries a fresh random id (28 base-36 characters from 128 random
// bits), so a retry of it is counted once (lib/stats/count-store.ts). It comes
// from crypto.getRandomValues, which plain-http origins have too, unlike
// crypto.randomUUID; a browser without crypto sends no id.
//
// Any element with data-link-id is a counted press: a link when clicked or
// middle-clicked, a <details> (a Pix block) when opened. What a kind's block
// does beyond counting is its own part (lib/blocks/kinds/<kind>/).

/** The element the event happened in or under that matches `selector`. */
function pressed(e: Event, selector: string): Element | null {
  const target = e.target as Element | null;
  return target && target.closest ? target.closest(selector) : null;
}

/** `https://a/b?c#d` → `https://a/b`. */
const withoutQuery = (address: string) => address.split(/[?#]/)[0];

export default function countVisits(w: typeof window): void {
  const d = w.document;
  const body = d.body;
  const random = w.crypto;

  function send(path: string) {
    try {
      const count: { referrer: string; id?: string } = { referrer: d.referrer };
      if (random && random.getRandomValues) {
        count.id = random.getRandomValues(new Uint32Array(4)).reduce((id, n) => id + (n + 4294967296).toString(36), "");
      }
      const json = JSON.stringify(count);
      if (w.navigator.sendBeacon && w.navigator.sendBeacon(path, json)) return;
      // Not awaited: a count is sent and forgotten, the page does not wait for it.
      void w.fetch(path, { method: "POST", keepalive: true, body: json });
    } catch {
      // A count that cannot leave is lost; the page goes on.
    }
  }

  const view = () => send(`/api/profiles/${body.getAttribute("data-profile")}/view`);
  const click = (e: Element) => send(`/api/links/${e.getAttribute("data-link-id")}/click`);

  let seen = false;
  try {
    seen = body.hasAttribute("data-flagged") && withoutQuery(d.referrer) === withoutQuery(w.location.href);
  } catch {
    // No readable address: count the view.
  }
  if (!seen) {
    if ((d as Document & { prerendering?: boolean }).prerendering) d.addEventListener("prerenderingchange", view, { once: true });
    else view();
  }

  function press(e: MouseEvent) {
    const link = pressed(e, "a[data-link-id]");
    if (link && (e.type === "click" || e.button === 1)) click(link);
    if (e.type === "click" && pressed(e, "a[data-back]") && w.history.length > 1) {
      e.preventDefault();
      w.history.back();
    }
  }
  d.addEventListener("click", press, true);
  d.addEventListener("auxclick", press, true);
  d.addEventListener(
    "toggle",
    (e) => {
      const opened = e.target as HTMLDetailsElement;
      if (opened.open && opened.getAttribute("data-link-id")) click(opened);
    },
    true,
  );
}
