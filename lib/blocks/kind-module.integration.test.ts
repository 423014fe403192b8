import { createHash } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { z } from "zod";
import { GET as page } from "@/app/[username]/route";
import { GET as profileJson } from "@/app/api/profiles/[username]/route";
import { LinkRow } from "@/components/links/link-row";
import { db } from "@/lib/server/db";
import { signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";
import { defineBlockKind, type BlockViewProps } from "./block-kind";
import { registerBlockKind } from "./registry";
import { linkDto } from "@/tests/helpers/link-dto";

// README, "Adding a block kind": a kind is one module. This one is written
// here and nowhere else (a note with its own data, public fields, a row icon,
// its own part of the page's script, a CSP source and an answer after a form
// post without JavaScript), registered in the app's registry for the test:
// the public page, its CSP, the public API's link objects, the no-JavaScript
// answer and the dashboard's row all take it with no other file changed.

const NOTE_SCRIPT = '(function(){document.body.setAttribute("data-note","")})();';

function NoteIcon({ className }: { className?: string }) {
  return createElement("svg", { className, "data-icon": "note" });
}

function NoteView({ block }: BlockViewProps) {
  const note = block.note as { text: string; shout: string } | undefined;
  const notice = block.notice ? createElement("p", { className: "vp-note-ok" }, block.notice.message) : null;
  return createElement("li", { className: "vp-note" }, createElement("strong", null, block.title), createElement("span", null, note?.shout ?? ""), notice);
}

const noteKind = defineBlockKind({
  name: "note",
  address: null,
  data: { field: "note", schema: z.object({ text: z.string().min(1) }) },
  counts: false,
  can: { highlight: false, sensitive: false, thumbnail: false, openInApp: false },
  csv: false,
  toPublic: (data, owner) => ({ note: { text: data.text, shout: `${data.text.toUpperCase()} (${owner.name})` } }),
  script: NOTE_SCRIPT,
  csp: { "frame-src": ["https://notas.example"] },
  notice: { param: "nota", read: ({ value }, blockId) => (value === blockId ? { message: "Nota recebida", error: false } : null) },
  View: NoteView,
  css: ".vp-note{padding:8px}",
  rowIcon: NoteIcon,
  example: { kind: "note", title: "Aviso", note: { text: "Live quinta" } },
  text: { add: "Adicionar nota", addHint: "Um aviso curto", edit: "Editar nota" },
});

let unregister: () => void;
beforeEach(() => {
  unregister = registerBlockKind(noteKind as never);
});
afterEach(() => unregister());

async function pageOf(username: string, withNote: boolean) {
  const { user } = await signedInUser({ username, name: "Ana Souza" });
  await db.link.create({ data: { pageId: user.id, title: "Meu site", url: "https://exemplo.com.br", order: 0 } });
  const note = withNote
    ? await db.link.create({ data: { pageId: user.id, kind: "note", title: "Aviso", url: "", order: 1, data: { text: "live quinta" } } })
    : null;
  return { user, note };
}

async function html(path: string, username: string) {
  const res = await page(request(path), params({ username }));
  return { res, text: await res.text() };
}

/** The page's own inline script (not its JSON-LD), as the browser hashes it. */
function servedScript(text: string): string {
  const scripts = [...text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(scripts).toHaveLength(1);
  return scripts[0]!;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

describe("a block kind written in its own module only", () => {
  it("is drawn on the public page with its public data and styles, its script sent and allowed by the CSP's hash", async () => {
    await pageOf("ana_notas", true);
    const { res, text } = await html("/ana_notas", "ana_notas");
    expect(res.status).toBe(200);
    expect(text).toContain('<li class="vp-note"><strong>Aviso</strong><span>LIVE QUINTA (Ana Souza)</span></li>');
    expect(text).toContain(".vp-note{padding:8px}");
    const script = servedScript(text);
    expect(script.endsWith(NOTE_SCRIPT)).toBe(true);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain(`script-src 'sha256-${sha256(script)}'`);
    expect(csp).toContain("frame-src https://notas.example");
  });

  it("sends its script and CSP source only to pages that show it", async () => {
    await pageOf("bruno_sem_notas", false);
    const { res, text } = await html("/bruno_sem_notas", "bruno_sem_notas");
    const script = servedScript(text);
    expect(script).not.toContain('data-note"');
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain(`script-src 'sha256-${sha256(script)}'`);
    expect(csp).not.toContain("notas.example");
    expect(text).not.toContain(".vp-note{");
  });

  it("shows its public fields in the public API's link objects", async () => {
    const { note } = await pageOf("carla_notas", true);
    const res = await profileJson(request("/api/profiles/carla_notas"), params({ username: "carla_notas" }));
    expect(res.status).toBe(200);
    const { links } = await res.json();
    expect(links[1]).toMatchObject({ id: note!.id, kind: "note", title: "Aviso", url: null, note: { text: "live quinta", shout: "LIVE QUINTA (Ana Souza)" } });
  });

  it("answers its form's post without JavaScript in the page, for that visitor alone", async () => {
    const { note } = await pageOf("dani_notas", true);
    const { res, text } = await html(`/dani_notas?nota=${note!.id}`, "dani_notas");
    expect(res.status).toBe(200);
    expect(text).toContain('<p class="vp-note-ok">Nota recebida</p>');
    expect(res.headers.get("cache-control")).toBe("no-store");
    const other = await html("/dani_notas?nota=outro", "dani_notas");
    expect(other.text).not.toContain("Nota recebida");
    expect(other.res.headers.get("cache-control")).not.toBe("no-store");
  });

  it("gives the dashboard's row its icon", () => {
    const link = linkDto({ id: "n1", kind: "note", title: "Aviso", url: null });
    const markup = renderToStaticMarkup(
      createElement(
        "ul",
        null,
        createElement(LinkRow, { link, dragging: false, first: true, last: true, onMove: () => {}, onToggle: () => {}, onDelete: () => {} }),
      ),
    );
    expect(markup).toContain('data-icon="note"');
  });
});
