import "server-only";
import { emailKind } from "@/lib/email/email-kind";
import type { ClaimedRow, OutboxKind } from "@/lib/outbox/outbox-kind";
import { webhookKind } from "@/lib/webhooks/webhook-kind";

// Every kind of outgoing message, the one list of them (lib/outbox/outbox-kind.ts
// says what a kind is): the background sender sends each kind's rows. A new
// kind (selling's receipts, broadcasts) is a module of its feature, added here.

export const OUTBOX_KINDS: readonly OutboxKind<ClaimedRow>[] = [emailKind, webhookKind];
