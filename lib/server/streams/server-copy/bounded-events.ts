import 'server-only';
import type { ItemObserver } from '@/lib/assemble/stream-reader';
import { EventPacker, type PackedEvents } from '@/lib/server/database/packed-events';

/** A reply's raw SSE items for the event log, kept up to a size; past it, the rest is dropped and the log says so. */
export class BoundedEvents {
  private readonly packer = new EventPacker();
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
    this.packer.add(item.raw, item.at);
  };

  /** Text that is no SSE item (what followed a line past the parser's bound), kept in the log as it came. */
  rest(raw: string, at: number): void {
    const bytes = Buffer.byteLength(raw);
    if (this.truncated || this.bytes + bytes > this.maxBytes) {
      this.truncated = true;
      return;
    }
    this.bytes += bytes;
    this.packer.add(raw, at);
  }

  stored(): PackedEvents {
    return this.packer.packed(this.truncated);
  }
}
