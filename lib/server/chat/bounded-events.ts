import type { ItemObserver } from '@/lib/assemble/stream-reader';
import type { PackedEvents } from '../store/types';

/** A reply's raw SSE items for the event log, kept up to a size; past it, the rest is dropped and the log says so. */
export class BoundedEvents {
  private readonly raws: string[] = [];
  private readonly spans: number[] = [];
  private bytes = 0;
  private truncated = false;

  constructor(private readonly maxBytes: number) {}

  readonly record: ItemObserver = (item) => {
    if (this.truncated) return;
    if (this.bytes + item.bytes > this.maxBytes) {
      this.truncated = true;
      return;
    }
    this.bytes += item.bytes;
    this.raws.push(item.raw);
    this.spans.push(item.raw.length, item.at);
  };

  stored(): PackedEvents {
    return { stream: this.raws.join(''), spans: this.spans, truncated: this.truncated };
  }
}
