import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

// Reading what Vitrine sent: a real SMTP server on 127.0.0.1 for integration
// tests, and a decoder for the raw messages (SMTP or DATA_DIR/outbox/*.eml).

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The decoded plain-text part. */
  text: string;
  /** When the server accepted it (Date.now()), for messages received over SMTP. */
  at?: number;
}

/** Decodes the plain-text part (quoted-printable or base64) of a raw message. */
export function parseMail(raw: string, to: string[] = []): ReceivedMail {
  const headerEnd = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, " ");
  const subject = decodeWords(/^Subject: (.*)$/im.exec(headers)?.[1] ?? "");
  const recipients = to.length ? to : (/^To: (.*)$/im.exec(headers)?.[1] ?? "").split(",").map((s) => s.trim());
  const part =
    /Content-Type: text\/plain[^\n]*\r?\n(?:[^\r\n]+\r?\n)*?Content-Transfer-Encoding: ([\w-]+)\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?=\r?\n--|$)/i.exec(
      raw,
    ) ?? /Content-Transfer-Encoding: ([\w-]+)\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*)$/i.exec(raw);
  const encoding = part?.[1]?.toLowerCase() ?? "7bit";
  const body = part?.[2] ?? raw.slice(headerEnd).trim();
  return { to: recipients, raw, subject, text: decodeBody(body, encoding) };
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(s: string): string {
  const joined = s.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeWords(s: string): string {
  return s.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

/** The first link of a message to `path` (/verify-email, /reset-password). */
export function linkIn(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${path.replace(/[/]/g, "\\/")}\\?token=[^\\s"<>]+`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[0];
}

export const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";

export interface TestSmtp {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Refuses every message (451) until set back to false. */
  failing: boolean;
  /** How long to keep a message, by its recipients, before accepting it (a slow server): milliseconds, or until a promise settles. */
  hold: ((to: string[]) => number | Promise<unknown>) | null;
  /** Messages whose data arrived and that are not yet accepted or refused; the most seen at once. */
  readonly inFlight: number;
  maxInFlight: number;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives (port 0: a free one). */
export async function startSmtp(port = 0): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const state = { failing: false, hold: null as TestSmtp["hold"], inFlight: 0, maxInFlight: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      const to = session.envelope.rcptTo.map((r) => r.address);
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        state.inFlight += 1;
        state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
        const accept = () => {
          state.inFlight -= 1;
          if (state.failing) return callback(Object.assign(new Error("Tente mais tarde"), { responseCode: 451 }));
          received.push({ ...parseMail(Buffer.concat(chunks).toString("utf8"), to), at: Date.now() });
          callback();
        };
        const hold = state.hold?.(to) ?? 0;
        if (typeof hold === "number") setTimeout(accept, hold);
        else void hold.finally(accept);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    received,
    get failing() {
      return state.failing;
    },
    set failing(v: boolean) {
      state.failing = v;
    },
    get hold() {
      return state.hold;
    },
    set hold(f: TestSmtp["hold"]) {
      state.hold = f;
    },
    get inFlight() {
      return state.inFlight;
    },
    get maxInFlight() {
      return state.maxInFlight;
    },
    set maxInFlight(n: number) {
      state.maxInFlight = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
