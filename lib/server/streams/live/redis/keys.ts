import 'server-only';
import type { PreStreamFailure, StopReason } from '../live-streams';

/**
 * Everything Sluice keeps in Redis, by key. One reply is a Redis Stream of its relayed
 * bytes (one entry per appended chunk, with its byte offset and server receive time)
 * that ends with an entry saying how it ended, so a reader can never miss the end, and
 * a hash of what a reader needs besides the bytes.
 */
export const keys = {
  /** The reply's bytes: entries `c` (chunk), then one `end`. */
  bytes: (id: string) => `sluice:reply:${id}:bytes`,
  /** The reply's meta (JSON), its owner (the instance running its upstream) and its state. */
  meta: (id: string) => `sluice:reply:${id}:meta`,
  /** A retried POST's claim: requestId → reply id (SET NX). */
  request: (requestId: string) => `sluice:request:${requestId}`,
  /** Set while someone on another instance reads the reply (the unwatched limit counts them too). */
  watched: (id: string) => `sluice:reply:${id}:watched`,
  /** Who cleans up after a dead owner (SET NX): one instance, not all. */
  reaping: (id: string) => `sluice:reply:${id}:reaping`,
  /** The running replies: reply id → owner instance. */
  running: 'sluice:running',
  /** An instance's lease, renewed while it lives. */
  lease: (instance: string) => `sluice:instance:${instance}:lease`,
  /** Stop requests, to whichever instance runs the reply. */
  stopChannel: 'sluice:stop',
  /** Personal tokens just revoked (their ids), to every instance's cache of token holders. */
  revokedTokensChannel: 'sluice:tokens:revoked',
};

/** A running reply's keys live this long at most (a leak bound if every instance died); at its end, the retention. */
export const RUNNING_TTL_MS = 24 * 60 * 60_000;

export type StopMessage = { id: string; reason: StopReason };

/** How a reply's stream ended, as its last entry says. */
/**
 * `lost`: the running instance lost Redis mid-reply (the stream has a gap); `server-lost`:
 * the running instance died and another one ended the stream for it. Each reader writes
 * the end marker for those two itself: only it knows where its client's bytes stop (a
 * client of the dead instance may have had bytes that never reached Redis).
 */
export type StreamEnd =
  { kind: 'finished' } | { kind: 'abandoned'; failure: PreStreamFailure } | { kind: 'lost' } | { kind: 'server-lost' };

/**
 * One entry of a reply's bytes stream, read back: one or more chunks, as appended within
 * a few milliseconds of each other (`lengths` and `at` per chunk), or the end.
 */
export type StreamEntry =
  { kind: 'chunk'; bytes: Buffer; offset: number; lengths: number[]; at: number[] } | { kind: 'end'; end: StreamEnd };

/** XADD's field list for chunks appended one after another from byte `offset`: their bytes, and each one's length and receive time. */
export function chunkFields(chunks: { bytes: Uint8Array; at: number }[], offset: number): (string | Buffer)[] {
  const bytes =
    chunks.length === 1
      ? Buffer.from(chunks[0]!.bytes.buffer, chunks[0]!.bytes.byteOffset, chunks[0]!.bytes.byteLength)
      : Buffer.concat(chunks.map((chunk) => chunk.bytes));
  return [
    'c',
    bytes,
    'o',
    String(offset),
    't',
    chunks.map((chunk) => chunk.at).join(','),
    'n',
    chunks.map((chunk) => chunk.bytes.byteLength).join(','),
  ];
}

/** XADD's field list for the end. */
export const endFields = (end: StreamEnd) => ['end', JSON.stringify(end)];

/** An entry's fields as ioredis returns them (a flat list of buffers). */
export function parseEntry(fields: Buffer[]): StreamEntry | undefined {
  const get = (name: string) => {
    for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i]!.toString() === name) return fields[i + 1]!;
    return undefined;
  };
  const end = get('end');
  if (end) return { kind: 'end', end: JSON.parse(end.toString()) as StreamEnd };
  const bytes = get('c');
  if (!bytes) return undefined;
  const numbers = (field: string) => (get(field)?.toString() ?? '').split(',').map(Number);
  return { kind: 'chunk', bytes, offset: Number(get('o')), at: numbers('t'), lengths: numbers('n') };
}
