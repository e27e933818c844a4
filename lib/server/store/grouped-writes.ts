import 'server-only';

type Waiting<T> = { item: T; resolve: () => void; reject: (error: unknown) => void };

/** Items written together, and the work (reads) that waits for them and for every group before. */
type Group<T> = { items: Waiting<T>[]; after: (() => void)[] };

/**
 * Group commit: writes that come while one is under way are written together, by the
 * next one, as one statement or transaction. A lone write goes at the next turn of the
 * event loop, with what else that turn brought; a burst (200 chats starting at once)
 * costs the database a few statements, not one each, and a read that must wait for
 * them waits for those few (docs/decisions.md: "Turns written in groups").
 *
 * Work that must find the writes added before it (`after`) waits for those, and only
 * those (docs/decisions.md: "Reads wait only for the turns begun before them"): it closes
 * the group being filled, so later writes go in a group of their own, and it starts as
 * soon as its group is written, in the same turn of the event loop, before the next
 * group is sent. Starting in that same turn matters: while 200 streams start, each turn
 * of the server's event loop can take hundreds of milliseconds.
 *
 * If a group's write fails, each of its items is written alone, in order, so that one
 * bad item fails only its own caller. Groups are written in the order their items came.
 */
export class GroupedWrites<T> {
  /** Groups not yet written, oldest first; only the last one takes more items, and only while `closed` is false. */
  private waiting: Group<T>[] = [];
  /** The group being written. */
  private writing: Group<T> | undefined;
  private closed = true;
  private busy = false;

  constructor(private readonly write: (items: T[]) => Promise<void>) {}

  /** Resolves once `item` is written (with its group, or alone); rejects with its own failure. */
  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.closed) {
        this.waiting.push({ items: [], after: [] });
        this.closed = false;
      }
      this.waiting.at(-1)!.items.push({ item, resolve, reject });
      if (this.busy) return;
      this.busy = true;
      setImmediate(() => void this.drain());
    });
  }

  /**
   * Runs `work` once every item added so far is written (or has failed), so that what it
   * asks of the database finds them there, as it would had they been written at once;
   * at once when none is pending. Items added from now on are not waited for.
   */
  after<R>(work: () => Promise<R>): Promise<R> {
    const group = this.waiting.at(-1) ?? this.writing;
    if (!group) return work();
    this.closed = true;
    return new Promise<R>((resolve, reject) =>
      group.after.push(() => {
        try {
          work().then(resolve, reject);
        } catch (error) {
          reject(error);
        }
      }),
    );
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const group = this.waiting.shift()!;
      if (this.waiting.length === 0) this.closed = true; // the group being filled is taken: later items start another
      this.writing = group;
      try {
        await this.write(group.items.map((w) => w.item));
        for (const w of group.items) w.resolve();
      } catch (error) {
        if (group.items.length === 1) group.items[0]!.reject(error);
        else
          for (const w of group.items) {
            await this.write([w.item]).then(w.resolve, w.reject);
          }
      }
      this.writing = undefined;
      // Started before the next group is written: what they ask goes to the database first.
      for (const start of group.after) start();
    }
    this.busy = false;
  }
}
