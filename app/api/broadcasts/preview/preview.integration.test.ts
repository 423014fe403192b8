import { POST } from "./route";
import { db } from "@/lib/server/db";
import { addMember, signedInUser } from "@/tests/factories";
import { request } from "@/tests/helpers/request";

// The composer's preview (api.md, "Write to your list"): the message as a
// recipient gets it, from the sending's own renderer, and the number of
// confirmed subscribers with an e-mail, for the page's members only.

type Who = Awaited<ReturnType<typeof signedInUser>>;

let seq = 0;
async function subscribers(pageId: string, status: "confirmed" | "pending" | "unsubscribed", n: number, whatsappOnly = false) {
  await db.subscriber.createMany({
    data: Array.from({ length: n }, () => {
      seq += 1;
      return {
        pageId,
        source: "Lista",
        email: whatsappOnly || status === "unsubscribed" ? null : `p${seq}.${pageId.slice(-6)}@example.com`,
        whatsapp: whatsappOnly ? `+55119${String(10_000_000 + seq).slice(-8)}` : null,
        status,
        consentText: "Quero receber novidades",
        consentVersion: "v1",
      };
    }),
  });
}

const preview = (who: Who, body: unknown, page = who.user.username) =>
  POST(request(`/api/broadcasts/preview?page=${page}`, { body, headers: { cookie: who.cookie } }));

describe("POST /api/broadcasts/preview", () => {
  it("draws the message as received (no script, no image, the footer) and counts only confirmed e-mail subscribers", async () => {
    const owner = await signedInUser();
    await subscribers(owner.user.id, "confirmed", 3);
    await subscribers(owner.user.id, "confirmed", 2, true);
    await subscribers(owner.user.id, "pending", 4);
    await subscribers(owner.user.id, "unsubscribed", 1);
    const res = await preview(owner, {
      subject: "Novidades",
      body: "Olá **todos**!\n\n<script>alert(1)</script>![foto](https://img.example/x.png)\n\n- [a loja](https://loja.example/)",
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { subject: string; html: string; text: string; recipients: number };
    expect(body.recipients).toBe(3);
    expect(body.subject).toBe("Novidades");
    expect(body.html).toContain("<strong>todos</strong>");
    expect(body.html).toContain('href="https://loja.example/"');
    expect(body.html).not.toMatch(/<script|alert\(1\)|<img|img\.example/);
    expect(body.html).toContain("Cancelar inscrição");
    expect(body.text).toContain("a loja (https://loja.example/)");
  });

  it("lets an editor preview, refuses a stranger's page, and checks the fields with the API's schema", async () => {
    const owner = await signedInUser();
    const editor = await signedInUser();
    await addMember(owner.user.id, editor.user.id, "editor");
    expect((await preview(editor, { subject: "Oi", body: "Texto" }, owner.user.username)).status).toBe(200);
    const stranger = await signedInUser();
    expect((await preview(stranger, { subject: "Oi", body: "Texto" }, owner.user.username)).status).toBe(404);
    const bad = await preview(owner, { subject: "", body: " " });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: { subject: "Informe o assunto", body: "Escreva a mensagem" } });
  });
});
