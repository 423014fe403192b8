import "server-only";
import { db, type Db } from "@/lib/server/db";
import { env, migrationUrl } from "@/lib/server/env";
import { provideHook } from "@/lib/server/host.mjs";
import { log } from "@/lib/server/log";
import { KindPump } from "./kind-pump";
import type { ClaimedRow, OutboxKind } from "./outbox-kind";
import { listenForRows, type Listening } from "./outbox-listener";
import { newWorkerId } from "./send-due";

// The background sender (npm start on PostgreSQL: a process of its own,
// sender.mjs, in Linux's idle scheduling class): it reads its own rows. It
// LISTENs on the outbox's channel, and the commit of a transaction that wrote
// rows wakes the kind's loop (lib/outbox/kind-pump.ts); where LISTEN is not
// to be had (no direct connection, a transaction pooler) it polls every
// `pollMs`. It also looks every `sweepMs` with LISTEN (a claim that passed,
// a notice missed while reconnecting), at start, and when a retry is due.

export type SenderMode = "listen" | "poll";

export interface SenderOptions {
  kinds: readonly OutboxKind<ClaimedRow>[];
  client?: Db;
  /** Where to LISTEN; null: poll only. Default: the direct address (lib/server/env.ts migrationUrl). */
  listenUrl?: string | null;
  pollMs?: number;
  sweepMs?: number;
  /** How long the probe notice may take before LISTEN is judged unavailable. */
  probeMs?: number;
}

export interface OutboxSender {
  /** Resolves once it listens or polls. */
  ready: Promise<SenderMode>;
  mode(): SenderMode;
  /** Stops claiming and listening; resolves once every row on the way has been tried. */
  stop(): Promise<void>;
}

const POLL_MS = 500;
const SWEEP_MS = 30_000;
const PROBE_MS = 2_000;
/** After the LISTEN connection is lost: polled meanwhile, listened again this much later. */
const RELISTEN_MS = 30_000;

export function startOutboxSender(options: SenderOptions): OutboxSender {
  const client = options.client ?? db;
  const workerId = newWorkerId();
  const pumps = new Map(options.kinds.map((kind) => [kind.name, new KindPump(kind, client, workerId)]));
  const wakeAll = () => pumps.forEach((pump) => pump.wake());
  const listenUrl = options.listenUrl === undefined ? (migrationUrl(env()) ?? null) : options.listenUrl;
  let mode: SenderMode = "poll";
  let listening: Listening | null = null;
  let stopped = false;
  let every: NodeJS.Timeout | null = null;
  let relisten: NodeJS.Timeout | null = null;

  const lookEvery = (ms: number) => {
    if (every) clearInterval(every);
    every = setInterval(wakeAll, ms);
    every.unref();
  };
  const listen = async (): Promise<SenderMode> => {
    const heard =
      listenUrl === null
        ? null
        : await listenForRows({
            url: listenUrl,
            probeMs: options.probeMs ?? PROBE_MS,
            onNotice: (name) => (pumps.get(name) ? pumps.get(name)!.wake() : wakeAll()),
            onLost: () => {
              listening = null;
              mode = "poll";
              lookEvery(options.pollMs ?? POLL_MS);
              log.warn("outbox.listen_lost", { retryInMs: RELISTEN_MS });
              relisten = setTimeout(() => void listen(), RELISTEN_MS);
              relisten.unref();
            },
          });
    if (stopped) {
      await heard?.close();
      return mode;
    }
    listening = heard;
    mode = heard ? "listen" : "poll";
    lookEvery(heard ? (options.sweepMs ?? SWEEP_MS) : (options.pollMs ?? POLL_MS));
    log.info(heard ? "outbox.listening" : "outbox.polling", { kinds: [...pumps.keys()], ...(heard ? {} : { everyMs: options.pollMs ?? POLL_MS }) });
    // Rows written before it listened (or while it did not).
    wakeAll();
    return mode;
  };

  return {
    ready: listen(),
    mode: () => mode,
    async stop() {
      stopped = true;
      if (every) clearInterval(every);
      if (relisten) clearTimeout(relisten);
      await listening?.close();
      await Promise.all([...pumps.values()].map((pump) => pump.stop()));
    },
  };
}

/** At start-up in the background sender process (sender.mjs): sends `kinds`' rows until sender.mjs stops it. */
export function registerOutboxSender(kinds: readonly OutboxKind<ClaimedRow>[]): void {
  provideHook("outboxSender", startOutboxSender({ kinds }));
}
