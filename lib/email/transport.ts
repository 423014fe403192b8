import "server-only";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "@/lib/server/env";
import { mailFrom } from "./mail-config";

// Delivery: SMTP (nodemailer) when SMTP_URL is set, else one .eml file per
// message under DATA_DIR/outbox, so every flow works on the embedded default.

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

function smtpDeliver(url: string): Deliver {
  const transport = nodemailer.createTransport(url, {
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
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
  return url ? smtpDeliver(url) : fileDeliver(outboxDir());
}
