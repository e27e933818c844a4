import 'server-only';

/**
 * Replaces the provider's secrets in the bytes the relay passes on (an upstream's
 * error event sometimes quotes the key it was sent). A secret can straddle two
 * reads, so the end of a read that could begin one is held back until the next
 * read shows whether it does; a read that ends in anything else goes out whole,
 * so the relay's latency is untouched in the usual case.
 */
const REDACTED = Buffer.from('[redacted]');

export class SecretScrubber {
  private readonly secrets: Buffer[];
  private held: Buffer = Buffer.alloc(0);

  constructor(secrets: (string | undefined)[]) {
    this.secrets = [...new Set(secrets.filter((s): s is string => typeof s === 'string' && s.length >= 4))].map((s) =>
      Buffer.from(s),
    );
  }

  get active(): boolean {
    return this.secrets.length > 0;
  }

  /** The bytes that may go out now, secrets replaced. */
  push(chunk: Buffer): Buffer {
    if (!this.active) return chunk;
    const bytes = this.held.length ? Buffer.concat([this.held, chunk]) : chunk;
    const keep = this.partialAtEnd(bytes);
    this.held = Buffer.from(bytes.subarray(bytes.length - keep));
    return this.replace(bytes.subarray(0, bytes.length - keep));
  }

  /** What is still held back, at the end of the stream. */
  flush(): Buffer {
    const rest = this.replace(this.held);
    this.held = Buffer.alloc(0);
    return rest;
  }

  private replace(bytes: Buffer): Buffer {
    let out = bytes;
    for (const secret of this.secrets) {
      if (out.indexOf(secret) === -1) continue;
      const pieces: Buffer[] = [];
      let from = 0;
      for (let at = out.indexOf(secret); at !== -1; at = out.indexOf(secret, from)) {
        pieces.push(out.subarray(from, at), REDACTED);
        from = at + secret.length;
      }
      pieces.push(out.subarray(from));
      out = Buffer.concat(pieces);
    }
    return out;
  }

  /** How many bytes at the end could be the start of a secret (the longest such suffix). */
  private partialAtEnd(bytes: Buffer): number {
    let longest = 0;
    for (const secret of this.secrets) {
      for (let n = Math.min(secret.length - 1, bytes.length); n > longest; n--) {
        if (bytes[bytes.length - n] === secret[0] && bytes.subarray(bytes.length - n).equals(secret.subarray(0, n))) {
          longest = n;
          break;
        }
      }
    }
    return longest;
  }
}
