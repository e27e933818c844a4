type NodeBuffer = {
  from(buffer: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'utf8'): string };
  byteLength(text: string, encoding: 'utf8'): number;
};
const NodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;

const NON_ASCII = /[^\x00-\x7f]/g;

/**
 * UTF-8 byte length of a string, without allocating: its length plus what each
 * non-ASCII unit adds, found by a native scan that jumps from one to the next (a
 * loop over every unit after the first non-ASCII one was costly on a long stream with
 * a few accented names). A one-class pattern: an alternation for surrogate pairs scans
 * slower (docs/decisions.md: "UTF-8 on the server through Buffer").
 */
export function scanUtf8Length(text: string): number {
  NON_ASCII.lastIndex = 0;
  let extra = 0;
  for (let match = NON_ASCII.exec(text); match !== null; match = NON_ASCII.exec(text)) {
    const code = text.charCodeAt(match.index);
    if (code < 0x800)
      extra += 1; // 2 bytes for 1 unit
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(match.index + 1) & 0xfc00) === 0xdc00) {
      extra += 2; // a pair: 4 bytes for 2 units
      NON_ASCII.lastIndex = match.index + 2;
    } else extra += 2; // 3 bytes for 1 unit (a lone surrogate too: it is encoded as U+FFFD)
  }
  return text.length + extra;
}

/** UTF-8 byte length of a string: Node counts natively, faster than the scan; browsers have no Buffer. */
export const utf8Length: (text: string) => number = NodeBuffer ? (text) => NodeBuffer.byteLength(text, 'utf8') : scanUtf8Length;

/** Where an unfinished UTF-8 sequence starts at the end of `bytes` (bytes.length when there is none). */
function completeLength(bytes: Uint8Array): number {
  const end = bytes.length;
  for (let i = end - 1; i >= 0 && i >= end - 4; i--) {
    const b = bytes[i]!;
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    if (b < 0xc0) return end; // ASCII: nothing unfinished
    const needed = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
    return end - i < needed ? i : end;
  }
  return end;
}

/**
 * UTF-8 bytes to text across chunks, as a streaming TextDecoder (ignoreBOM) would
 * decode them. On the server, Node's TextDecoder is much slower than Buffer's native
 * decoding (docs/decisions.md: "UTF-8 on the server through Buffer"), so there the
 * bytes of complete characters go through Buffer and an unfinished sequence waits for
 * the next chunk. Browsers have no Buffer and a fast TextDecoder.
 */
export class Utf8Decoder {
  private readonly native = NodeBuffer ? undefined : new TextDecoder('utf-8', { ignoreBOM: true });
  private held: Uint8Array | undefined;

  decode(chunk: Uint8Array, stream = true): string {
    if (this.native) return this.native.decode(chunk, { stream });
    let bytes = chunk;
    if (this.held) {
      bytes = new Uint8Array(this.held.length + chunk.length);
      bytes.set(this.held);
      bytes.set(chunk, this.held.length);
      this.held = undefined;
    }
    const complete = stream ? completeLength(bytes) : bytes.length;
    if (complete < bytes.length) this.held = bytes.slice(complete);
    return complete === 0 ? '' : NodeBuffer!.from(bytes.buffer, bytes.byteOffset, complete).toString('utf8');
  }

  /** The end of the stream: an unfinished sequence left becomes U+FFFD. */
  end(): string {
    if (this.native) return this.native.decode();
    const rest = this.held;
    this.held = undefined;
    return rest ? NodeBuffer!.from(rest.buffer, rest.byteOffset, rest.length).toString('utf8') : '';
  }
}
