import "server-only";
import type { PageAccess } from "@/lib/pages/page-access";
import { db } from "@/lib/server/db";
import { publicOrigin } from "@/lib/server/public-url";
import { renderBroadcast } from "./render";

// The composer's preview (api.md, "Write to your list": a preview at the
// phone's width): the message exactly as a recipient gets it, drawn by the
// renderer the sending uses, and how many would get it if it left now. Its
// links go where they point (a preview counts no click), and its way out
// leads to the page a recipient would open, without a token.

export interface BroadcastPreview {
  subject: string;
  html: string;
  text: string;
  /** The page's confirmed subscribers with an e-mail: whom 'Enviar agora' would write to. */
  recipients: number;
}

/** The page's confirmed subscribers with an e-mail address (WhatsApp-only ones are never written to). */
export function countRecipients(pageId: string): Promise<number> {
  return db.subscriber.count({ where: { pageId, status: "confirmed", email: { not: null } } });
}

export async function previewBroadcast(page: PageAccess, input: { subject: string; body: string }): Promise<BroadcastPreview> {
  const { html, text } = renderBroadcast({
    pageName: page.name,
    subject: input.subject,
    body: input.body,
    unsubscribeUrl: `${publicOrigin()}/inscricao/cancelar`,
  });
  return { subject: input.subject, html, text, recipients: await countRecipients(page.id) };
}
