import "server-only";
import { storeCounts, type CountOutcome, type CountRequest } from "./count-store";
import { processState } from "@/lib/server/host.mjs";

// Group commit: counts that arrive while a group is being stored wait for the
// next group, which is stored by one writing statement (./count-store.ts). A
// count's promise settles only after the statement holding it has committed,
// so its 204 is never sent for a count that could still be lost. Two groups
// may be in flight per process: one finds its targets while the other writes
// and commits.

const MAX_GROUP = 1_000;
const MAX_IN_FLIGHT = 2;

interface Pending {
  request: CountRequest;
  resolve: (outcome: CountOutcome) => void;
  reject: (error: unknown) => void;
}

interface QueueState {
  waiting: Pending[];
  inFlight: number;
  scheduled: boolean;
}

// One per process: the server's fast path and Next's route handlers share one queue.
const state = processState<QueueState>("count-queue", () => ({ waiting: [], inFlight: 0, scheduled: false }));

export function submitCount(request: CountRequest): Promise<CountOutcome> {
  return new Promise((resolve, reject) => {
    state.waiting.push({ request, resolve, reject });
    schedule();
  });
}

function schedule() {
  if (state.inFlight >= MAX_IN_FLIGHT || state.scheduled || !state.waiting.length) return;
  state.scheduled = true;
  // After this turn of the event loop: every count already received joins the group.
  // Not awaited: storeNextGroup settles every count of its group itself and never rejects.
  setImmediate(() => void storeNextGroup());
}

async function storeNextGroup() {
  if (!state.waiting.length) {
    state.scheduled = false;
    return;
  }
  state.scheduled = false;
  state.inFlight += 1;
  const group = state.waiting.splice(0, MAX_GROUP);
  try {
    const outcomes = await storeCounts(group.map((p) => p.request));
    group.forEach((p, i) => p.resolve(outcomes[i]!));
  } catch (error) {
    // Nothing of this group was committed: every count in it fails as a whole.
    for (const p of group) p.reject(error);
  } finally {
    state.inFlight -= 1;
    schedule();
  }
}
