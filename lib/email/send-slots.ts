import "server-only";
import { env } from "@/lib/server/env";
import { Slots } from "@/lib/outbox/slots";
import { processState } from "@/lib/server/host.mjs";

// How many messages one instance has with the SMTP server at once: right
// after their requests, each message takes a slot of its own (a slow one
// holds up only a message that finds every slot taken), and the jobs' retries
// (or, under npm start on PostgreSQL, the background sender) take theirs from
// the same slots (lib/email/email-kind.ts: a slot before each claim).
//
// SMTP_MAX_CONNECTIONS, default 8: each message is its own SMTP connection
// (nodemailer without `pool`), and this app sends one or two messages per
// request, so 8 lets a burst of sign-ups and resets, or several messages a
// slow server holds, leave at once, while staying a small, fixed load on the
// mail server. Microsoft 365 (Exchange Online) allows 3 connections per
// mailbox and refuses a fourth with "432 4.3.2 Concurrent connections limit
// exceeded" (that message would wait for the jobs' retry): set 3 there.
// A pooled transport is not used where requests send (its idle connections
// would outlive a frozen serverless instance and fail the next send on
// thawing); the background sender, long-lived, keeps one pool of this many
// connections, one per slot (lib/email/transport.ts).

// One set of slots per process, whichever bundle (route, instrumentation, the background sender) sends.
export const emailSlots = () => processState("email-send-slots", () => new Slots(sendSlots()));

export const sendSlots = () => env().SMTP_MAX_CONNECTIONS;
