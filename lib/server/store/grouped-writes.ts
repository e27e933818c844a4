import 'server-only';

type Waiting<T> = { item: T; resolve: () => void; reject: (error: unknown) => void };

/**
 * Group commit: writes that come while one is under way are written together, by the
 * next one, as one statement or transaction. A lone write goes at the next turn of the
 * event loop, with what else that turn brought; a burst (200 chats starting at once)
 * costs the database a few statements, not one each, and a read that must wait for
 * them waits for those few (docs/decisions.md: "Turns written in groups").
 *
 * A read waits only for the writes added before it, never for those that come after
 * (docs/decisions.md: "Reads ahead of the writes that came after them"): `idle()` closes
 * the group being filled, so later writes go in a group of their own, and between two
 * groups the event loop turns once, so that what waited for the first is asked of the
 * database before the second is written. A group is at most `most` writes: a read that
 * comes while one is written waits for that many at most.
 *
 * If a group's write fails, each of its items is written alone, in order, so that one
 * bad item fails only its own caller. Groups are written in the order their items came.
 */
export class GroupedWrites<T> {
  /** Groups not yet written, oldest first; only the last one takes more items, and only while `closed` is false. */
  private waiting: Waiting<T>[][] = [];
  private closed = true;
  private busy = false;
  /** Settles once every item added so far is written or has failed. */
  private last: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly most = 50,
  ) {}

  /** Resolves once `item` is written (with its group, or alone); rejects with its own failure. */
  add(item: T): Promise<void> {
    const written = new Promise<void>((resolve, reject) => {
      if (this.closed) {
        this.waiting.push([]);
        this.closed = false;
      }
      this.waiting.at(-1)!.push({ item, resolve, reject });
      if (this.busy) return;
      this.busy = true;
      setImmediate(() => void this.drain());
    });
    this.last = written.catch(() => undefined);
    return written;
  }

  /**
   * Resolves once every item added so far is written (or has failed): what is asked of
   * the database after an item was added waits for this, and so finds it there, as it
   * would had the item been written at once. Items added from now on go in a later
   * group: the caller does not wait for them.
   */
  idle(): Promise<void> {
    this.closed = true;
    return this.last;
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const first = this.waiting[0]!;
      const group = first.length > this.most ? first.splice(0, this.most) : first;
      if (group === first) {
        this.waiting.shift();
        if (this.waiting.length === 0) this.closed = true; // the group being filled is taken: later items start another
      }
      try {
        await this.write(group.map((w) => w.item));
        for (const w of group) w.resolve();
      } catch (error) {
        if (group.length === 1) group[0]!.reject(error);
        else
          for (const w of group) {
            await this.write([w.item]).then(w.resolve, w.reject);
          }
      }
      // What waited for this group (a read) runs and asks the database before the next group is written.
      if (this.waiting.length > 0) await new Promise((resolve) => setImmediate(resolve));
    }
    this.busy = false;
  }
}
