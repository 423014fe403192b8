import "server-only";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { db } from "@/lib/server/db";
import { OUTBOX_CHANNEL } from "./after-response";

// The background sender's ear: one connection of its own that LISTENs on the
// outbox's channel, so the commit of a transaction that wrote rows wakes it at
// once. It must be a direct connection (DATABASE_URL_UNPOOLED or DIRECT_URL,
// else DATABASE_URL): a transaction pooler (PgBouncer in transaction mode,
// Neon's and Supabase's pooled addresses) accepts LISTEN but hands its
// connection to other clients after each statement, and the notices never
// come. So before it is trusted, a notice is sent the way writers send theirs
// (through the app's pool) and must arrive within `probeMs`: if it does not,
// the connection is closed and the sender polls instead.

export interface Listening {
  close(): Promise<void>;
}

export interface ListenOptions {
  url: string;
  probeMs: number;
  /** A notice of rows of kind `name`. */
  onNotice(name: string): void;
  /** The connection is gone (the database restarted, the network): no notice comes any more. */
  onLost(): void;
}

/** Listens on the outbox's channel; null when notices sent through the app's pool do not arrive (the sender polls then). */
export async function listenForRows(options: ListenOptions): Promise<Listening | null> {
  const client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5_000, application_name: "vitrine-outbox" });
  const probe = `probe:${randomBytes(8).toString("hex")}`;
  let heard = () => {};
  const probed = new Promise<boolean>((resolve) => {
    heard = () => resolve(true);
    setTimeout(() => resolve(false), options.probeMs).unref();
  });
  let open = true;
  const lost = () => {
    if (!open) return;
    open = false;
    options.onLost();
  };
  client.on("error", () => {});
  client.on("notification", (n) => {
    if (n.channel !== OUTBOX_CHANNEL) return;
    if (n.payload === probe) heard();
    else options.onNotice(n.payload ?? "");
  });
  try {
    await client.connect();
    client.on("error", lost);
    client.on("end", lost);
    await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    await db.$executeRaw`SELECT pg_notify(${OUTBOX_CHANNEL}, ${probe})`;
    if (await probed) return { close: () => close(client, () => (open = false)) };
  } catch {
    // Unreachable, or LISTEN refused: polled instead.
  }
  await close(client, () => (open = false));
  return null;
}

async function close(client: pg.Client, silence: () => void): Promise<void> {
  silence();
  await client.end().catch(() => {});
}
