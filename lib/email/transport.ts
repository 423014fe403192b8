import "server-only";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import SMTPPool from "nodemailer/lib/smtp-pool";
import { env } from "@/lib/server/env";
import { hostFeatures, processState } from "@/lib/server/host.mjs";
import { mailFrom } from "./mail-config";
import { sendSlots } from "./send-slots";

// Delivery: SMTP (nodemailer) when SMTP_URL is set, else one .eml file per
// message under DATA_DIR/outbox, so every flow works on the embedded default.
//
// Each message is its own SMTP connection (lib/email/send-slots.ts says why),
// except in the background sender (npm start on PostgreSQL, sender.mjs), a
// long-lived process that sends every message, a broadcast's thousands too:
// there one pool of SMTP_MAX_CONNECTIONS connections per process (one per
// slot, so still that many messages at once) keeps each connection for its
// next message. A connection per message cost about two thirds of the
// throughput against a local SMTP server (docs/benchmarks.md, "Write to your
// list"): its connect, greeting, EHLO and QUIT are more round trips than the
// message's own MAIL, RCPT and DATA. A connection the server closed while
// idle is noticed by the pool; a message whose connection closes under it is
// tried once more on a fresh one, then fails as any send does (the outbox
// retries it), so an attempt stays within its claim.

export interface Envelope {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe…). */
  headers?: Record<string, string>;
}

export interface Delivery {
  /** The .eml file written (file delivery only). */
  file?: string;
}

export type Deliver = (message: Envelope) => Promise<Delivery>;

const SMTP_TIMEOUT_MS = 20_000;

const timeouts = { connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS };

/** The background sender's pool for `url`, one per process (made at its first message). */
const pooledTransport = (url: string) =>
  processState(`email-smtp-pool:${url}`, () => {
    // maxRequeues (a message whose connection closed under it, tried again at once) is not in nodemailer's types.
    const options: SMTPPool.Options & { maxRequeues: number } = { pool: true, url, ...timeouts, maxConnections: sendSlots(), maxMessages: 100, maxRequeues: 1 };
    return nodemailer.createTransport(new SMTPPool(options));
  });

function smtpDeliver(url: string, pooled: boolean): Deliver {
  const transport = pooled ? pooledTransport(url) : nodemailer.createTransport(url, timeouts);
  return async (m) => {
    await transport.sendMail({ to: m.to, subject: m.subject, text: m.text, html: m.html, messageId: messageId(m.id), ...senders(m.headers) });
    return {};
  };
}

export function outboxDir(): string {
  return path.resolve(env().DATA_DIR, "outbox");
}

function fileDeliver(dir: string): Deliver {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return async (m) => {
    const info = await builder.sendMail({ to: m.to, subject: m.subject, text: m.text, html: m.html, messageId: messageId(m.id), ...senders(m.headers) });
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${m.id}.eml`;
    const file = path.join(dir, name);
    // Written whole, then renamed: a reader never sees half a message.
    await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
    await rename(`${file}.tmp`, file);
    return { file };
  };
}

/**
 * The sender and the extra headers. A message may name its own `From` (a
 * broadcast: "{page} via Vitrine" at the operator's address) and `Reply-To`
 * among its headers; the rest are sent as they are.
 */
function senders(headers: Record<string, string> | undefined) {
  const { From: from, "Reply-To": replyTo, ...rest } = headers ?? {};
  return { from: from ?? mailFrom(), ...(replyTo ? { replyTo } : {}), headers: rest };
}

function messageId(id: string) {
  return `<${id}@vitrine>`;
}

/** The delivery the configuration asks for. */
export function createDeliver(): Deliver {
  const url = env().SMTP_URL;
  return url ? smtpDeliver(url, Boolean(hostFeatures()?.senderProcess)) : fileDeliver(outboxDir());
}
