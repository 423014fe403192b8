import "server-only";

// A fixed number of places, first come first served: the e-mail's SMTP
// connections of one process (lib/email/send-slots.ts), and each webhook
// host's deliveries in flight (lib/webhooks/host-slots.ts). A place passes
// straight from whoever frees it to the first in line.

export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    this.free = size;
  }

  /** Places taken now (at most `wanted`, none when every place is taken); each is given back with give(). */
  tryTake(wanted: number): number {
    const taken = Math.min(this.free, wanted);
    this.free -= taken;
    return taken;
  }

  /** Resolves once one place is this caller's. */
  take(): Promise<void> {
    if (this.tryTake(1)) return Promise.resolve();
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  give(count = 1): void {
    for (let i = 0; i < count; i++) {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }

  /** True when no place is taken and no one waits. */
  get idle(): boolean {
    return this.free === this.size && !this.waiting.length;
  }

  /** Runs `work` in a place of its own, given back when `work` settles. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.take();
    try {
      return await work();
    } finally {
      this.give();
    }
  }
}

/** Slots per name (a host, say), each made at first use and forgotten once idle. */
export class NamedSlots {
  private readonly byName = new Map<string, Slots>();

  constructor(private readonly size: number) {}

  async run<T>(name: string, work: () => Promise<T>): Promise<T> {
    let slots = this.byName.get(name);
    if (!slots) this.byName.set(name, (slots = new Slots(this.size)));
    const own = slots;
    try {
      return await own.run(work);
    } finally {
      if (own.idle) this.byName.delete(name);
    }
  }
}
