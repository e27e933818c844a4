import 'server-only';
import type { Redis } from 'ioredis';
import { keys } from './keys';

/** An instance's lease lasts this long, renewed three times as often. */
export const LEASE_MS = 3000;
const RENEW_MS = 1000;
const SWEEP_MS = 1000;
/**
 * A lapsed lease counts as a dead instance only once it has stayed lapsed this long: after
 * a Redis outage every instance reconnects (within 500 ms) and renews (within RENEW_MS),
 * and one that was only cut off from Redis must not have its replies taken. A dead
 * instance is noticed within about LEASE_MS + LAPSED_FOR_MS + SWEEP_MS (6 s).
 */
const LAPSED_FOR_MS = 2000;
/** One instance reaps a dead instance's reply; if it dies too, another takes over after this. */
const REAP_CLAIM_MS = 60_000;

/**
 * Every instance holds a lease in Redis while it lives, and watches the others': a
 * running reply whose owner's lease has lapsed belongs to a dead instance, and is
 * handed to `reap` on exactly one of the living (claimed with SET NX).
 */
export class Leases {
  private timers: ReturnType<typeof setInterval>[] = [];
  private sweeping = false;
  /** Owners of running replies whose lease was seen lapsed, and since when. */
  private lapsed = new Map<string, number>();

  constructor(
    private readonly connection: () => Redis,
    private readonly instance: string,
    private readonly reap: (id: string) => Promise<void>,
  ) {}

  private get redis(): Redis {
    return this.connection();
  }

  async start(): Promise<void> {
    // Back from an outage: renew at once, not at the next tick, so no one takes this instance for dead.
    this.redis.on('ready', () => void this.renew().catch(() => {}));
    await this.renew();
    this.timers = [
      setInterval(() => void this.renew().catch(() => {}), RENEW_MS),
      setInterval(() => void this.sweep(), SWEEP_MS),
    ];
    for (const timer of this.timers) timer.unref();
  }

  async stop(): Promise<void> {
    this.timers.forEach(clearInterval);
    await this.redis.del(keys.lease(this.instance)).catch(() => {});
  }

  private async renew(): Promise<void> {
    await this.redis.set(keys.lease(this.instance), '1', 'PX', LEASE_MS);
  }

  /** Finds the running replies of instances whose lease lapsed, and reaps those this instance claims. */
  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const running = Object.entries(await this.redis.hgetall(keys.running)).filter(([, owner]) => owner !== this.instance);
      const owners = [...new Set(running.map(([, owner]) => owner))];
      if (owners.length === 0) return;
      const alive = await Promise.all(owners.map((owner) => this.redis.exists(keys.lease(owner))));
      const now = Date.now();
      // Made anew each sweep from the owners seen now: one whose replies are all reaped is forgotten.
      this.lapsed = new Map(
        owners.flatMap((owner, i) => (alive[i] === 1 ? [] : [[owner, this.lapsed.get(owner) ?? now] as const])),
      );
      const dead = new Set([...this.lapsed].filter(([, since]) => now - since >= LAPSED_FOR_MS).map(([owner]) => owner));
      for (const [id, owner] of running) {
        if (!dead.has(owner)) continue;
        if ((await this.redis.set(keys.reaping(id), this.instance, 'PX', REAP_CLAIM_MS, 'NX')) !== 'OK') continue;
        await this.reap(id).catch((error: unknown) =>
          console.error(
            `sluice: storing reply ${id} of a stopped server failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
      }
    } catch {
      // Redis is away: the next sweep tries again.
    } finally {
      this.sweeping = false;
    }
  }
}
