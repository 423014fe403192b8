import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { z } from "zod";
import { blockInputSchema } from "@/lib/links/link-schemas";
import { defineBlockKind, type BlockViewProps } from "./block-kind";
import { exportedBlock, inLinksCsv } from "./block-export";
import { blockLook, LOOKS } from "./looks";
import { BLOCK_KINDS, blocks, createBlockRegistry } from "./registry";

// Every kind the app knows, asked through the registry alone: its example is
// accepted by the API's schema, drawn on the page and in the preview, and
// exported in a form the import takes back. A new kind (the last test) needs
// nothing but its own module.

const look = { className: "vp-btn", style: {} };
const page = { username: "ana", name: "Ana Souza" };

function draw(kind: (typeof blocks.kinds)[number], block: BlockViewProps["block"], preview = false) {
  return renderToStaticMarkup(
    createElement("ul", null, createElement(kind.View, { block, look, preview, page, homeUrl: "https://vitrine.test/", Section: "h2" })),
  );
}

/** What the public page would draw for a stored example (the server's toPublic included). */
function publicBlockOf(kind: (typeof blocks.kinds)[number], stored: { title: string; url: string; data: Record<string, unknown> | null }) {
  const extra = kind.data && kind.toPublic ? kind.toPublic(kind.data.schema.parse(stored.data), { name: page.name }) : {};
  return { id: `b-${kind.name}`, kind: kind.name, title: stored.title, url: kind.address ? stored.url : null, ...extra };
}

describe("the block kinds registry", () => {
  it("lists every kind once, the app's first kind being a plain link", () => {
    expect(blocks.names).toEqual(["link", "header", "pix", "embed", "subscribe", "product", "tip"]);
    expect(new Set(blocks.names).size).toBe(BLOCK_KINDS.length);
    expect(blocks.counted).toEqual(["link", "pix", "embed"]);
    expect(blocks.withData.map((k) => k.data?.field)).toEqual(["pix", "subscribe", "product", "tip"]);
  });

  it.each(blocks.kinds.map((kind) => [kind.name, kind] as const))(
    "%s: its example passes the API's schema, a wrong kind-specific value does not",
    (name, kind) => {
      const parsed = blockInputSchema().parse(kind.example);
      expect(parsed.kind).toBe(name);
      expect(parsed.title.length).toBeGreaterThan(0);
      if (kind.address) expect(parsed.url).toMatch(/^https:\/\//);
      else expect(parsed.url).toBe("");
      if (kind.data) {
        expect(parsed.data).toEqual(kind.data.schema.parse(kind.example[kind.data.field]));
        const broken = blockInputSchema().safeParse({ ...kind.example, [kind.data.field]: "não é um objeto" });
        expect(broken.success).toBe(false);
      } else {
        expect(parsed.data).toBeNull();
      }
      if (kind.address) expect(blockInputSchema().safeParse({ ...kind.example, url: "javascript:alert(1)" }).success).toBe(false);
    },
  );

  it.each(blocks.kinds.map((kind) => [kind.name, kind] as const))("%s: is drawn on the page and in the preview with its title", (_name, kind) => {
    const parsed = blockInputSchema().parse(kind.example);
    const block = publicBlockOf(kind, parsed);
    const onPage = draw(kind, block);
    expect(onPage).toContain(parsed.title.replace(/&/g, "&amp;"));
    expect(onPage).toMatch(/^<ul><li/);
    const inPreview = draw(kind, block, true);
    // The preview is never interactive: no form, no counting mark, no player.
    expect(inPreview).not.toMatch(/<form|data-link-id|data-embed/);
  });

  it.each(blocks.kinds.map((kind) => [kind.name, kind] as const))("%s: its export goes back through the API's schema to the same block", (_name, kind) => {
    const parsed = blockInputSchema().parse(kind.example);
    const dto = {
      kind: parsed.kind,
      title: parsed.title,
      url: kind.address ? parsed.url : null,
      active: true,
      highlighted: false,
      startsAt: null,
      endsAt: null,
      sensitive: false,
      openInApp: parsed.openInApp,
      ...Object.fromEntries(blocks.withData.map((k) => [k.data!.field, k === kind ? parsed.data : null])),
    };
    const row = exportedBlock(dto);
    const again = blockInputSchema().parse(row);
    expect({ kind: again.kind, title: again.title, url: again.url, data: again.data }).toEqual({
      kind: parsed.kind,
      title: parsed.title,
      url: parsed.url,
      data: parsed.data,
    });
    expect(inLinksCsv(kind.name)).toBe(kind.name === "link");
  });

  it("gives the browser's drawing screens each kind's look, the very one its module declares", () => {
    expect(LOOKS.map((look) => look.name)).toEqual(blocks.names);
    for (const kind of blocks.kinds) {
      const look = blockLook(kind.name)!;
      expect([look.View, look.css, look.text, look.rowIcon, look.menu, look.section]).toEqual([
        kind.View,
        kind.css,
        kind.text,
        kind.rowIcon,
        kind.menu,
        kind.section,
      ]);
    }
  });

  it("counts only the presses of the kinds that say so", () => {
    for (const kind of blocks.kinds) expect(blocks.counted.includes(kind.name)).toBe(kind.counts);
  });

  it("takes a new kind with nothing but its own module", () => {
    // A kind written here, as a module would be: a short note with its own data.
    const noteKind = defineBlockKind({
      name: "note",
      address: null,
      data: { field: "note", schema: z.object({ text: z.string().trim().min(1, "Escreva a nota").max(140, "Até 140 caracteres") }) },
      counts: false,
      can: { highlight: false, sensitive: false, thumbnail: false, openInApp: false },
      csv: false,
      example: { kind: "note", title: "Aviso", note: { text: "Live toda quinta às 20h" } },
      toPublic: () => ({}),
      View: ({ block }: BlockViewProps) => createElement("li", { className: "vp-note" }, block.title),
      text: { add: "Adicionar nota", addHint: "Um aviso curto", edit: "Editar nota" },
    });
    const registry = createBlockRegistry([...blocks.kinds, noteKind as never]);
    const schema = blockInputSchema(registry);
    expect(schema.parse(noteKind.example)).toMatchObject({ kind: "note", title: "Aviso", url: "", data: { text: "Live toda quinta às 20h" } });
    const refused = schema.safeParse({ kind: "note", title: "Aviso", note: { text: " " } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ["note", "text"], message: "Escreva a nota" });
    // The app's own registry does not know it.
    expect(blockInputSchema().safeParse(noteKind.example).success).toBe(false);
    expect(registry.counted).not.toContain("note");
    const row = exportedBlock(
      {
        kind: "note",
        title: "Aviso",
        url: null,
        active: true,
        highlighted: false,
        startsAt: null,
        endsAt: null,
        sensitive: false,
        openInApp: false,
        note: { text: "Live" },
      },
      registry,
    );
    expect(row).toMatchObject({ kind: "note", note: { text: "Live" } });
    expect(
      renderToStaticMarkup(
        createElement(noteKind.View, { block: { id: "n", title: "Aviso", url: null }, look, preview: false, page, homeUrl: "/", Section: "h2" }),
      ),
    ).toBe('<li class="vp-note">Aviso</li>');
  });
});
