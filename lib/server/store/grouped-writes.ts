import 'server-only';

/**
 * Group commit: writes that come while one is under way are written together, by the
 * next one, as one statement or transaction. A lone write goes at the next turn of the
 * event loop, with what else that turn brought; a burst (200 chats starting at once)
 * costs the database a few statements, not one each, and a read that must wait for
 * them waits for those few (docs/decisions.md: "Turns written in groups").
 *
 * If a group's write fails, each of its items is written alone, in order, so that one
 * bad item fails only its own caller. Groups are written in the order their items came.
 */
export class GroupedWrites<T> {
  private waiting: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private busy = false;
  /** Settles once every item added so far is written or has failed. */
  private last: Promise<void> = Promise.resolve();

  constructor(private readonly write: (items: T[]) => Promise<void>) {}

  /** Resolves once `item` is written (with its group, or alone); rejects with its own failure. */
  add(item: T): Promise<void> {
    const written = new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
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
   * would had the item been written at once.
   */
  idle(): Promise<void> {
    return this.last;
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const group = this.waiting;
      this.waiting = [];
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
    }
    this.busy = false;
  }
}
