/**
 * The replies streaming now, as streams anyone may read by byte offset (docs/contract.md,
 * "Replies outlive the page"). One reply is one stream: its producer (the relay) appends
 * the exact bytes the first client got, with their receive times; readers join at any
 * offset and follow it live; anyone may stop it. After its end its bytes stay readable
 * for the retention, then the stored reply is the source of truth.
 *
 * This is the interface; `memory-live-streams.ts` keeps them in this process. Another
 * implementation (Redis, for several instances) keeps the same contract.
 */

/** Why a stream was stopped: someone asked, nobody read it for too long, or the server is stopping. */
import 'server-only';
import type { ReplayOf } from '@/lib/api/providers';
import type { StreamTimes } from '@/lib/api/streams';
import type { ModelPricing } from '@/lib/pricing/cost';
import type { KeptBytes } from './kept-bytes';

export type { KeptBytes, StreamTimes };

export type StopReason = { kind: 'requested' } | { kind: 'unwatched'; limitMs: number } | { kind: 'server-stopping' };

/** What every reader gets besides the bytes: the first response's headers. */
export interface StreamMeta {
  headers: Record<string, string>;
  /** The client's id for the POST that started it: a retried POST attaches instead of calling the upstream again. */
  requestId?: string;
  /** When the request started (epoch ms): the zero of the stream's receive times. */
  startedAt: number;
  /** Who asked for it: only they may join, time or stop it. */
  userId?: string;
  /** Which provider and model it streams from: what another instance needs to store it if this one dies. */
  origin?: { provider: string; model: string; pricing?: ModelPricing; replayOf?: ReplayOf };
}

/** The producer's side of one stream. */
export interface StreamWriter {
  /** Appends bytes that arrived `at` ms after the request started. */
  append(bytes: Uint8Array, at: number): void;
  /** The stream has ended (its end marker is among its bytes): readers finish, retention starts. */
  finish(): void;
  /** Nothing will stream (the upstream refused before its first byte): it is forgotten, and who attached gets this error. */
  abandon(error: PreStreamFailure): void;
  /** Adds a response header for later readers (known only once the upstream answered). */
  setHeader(name: string, value: string): void;
  /** A copy of every byte appended so far, with each chunk's receive time: what the server reads its stored reply from. */
  kept(): KeptBytes;
}

/** A JSON error answered instead of a stream. */
export interface PreStreamFailure {
  status: number;
  body: unknown;
}

/** A reader's view: its bytes from an offset on, pushed as they come. */
export interface StreamReaderHandle {
  meta: StreamMeta;
  /** Resolves once the stream has bytes or has ended, or with the failure it was abandoned with. */
  opened(): Promise<PreStreamFailure | undefined>;
  /** Pushes bytes to `deliver` from the reader's offset on, whenever it has room, and calls `end` once the stream has ended and all was delivered. */
  follow(deliver: (bytes: Uint8Array) => boolean, end: () => void): void;
  /** Asks for more after `deliver` said it had no room. */
  resume(): void;
  /** The reader left. */
  release(): void;
}

/** What a stop found: a running stream (its producer ends it), one that had ended, or none. */
export type StopState = 'stopping' | 'ended' | 'unknown';

export type Acquired = { kind: 'acquired'; writer: StreamWriter } | { kind: 'attached'; id: string };

/** The memory store answers at once; a shared one (Redis) after a round trip. */
type Awaitable<T> = T | Promise<T>;

export interface LiveStreams {
  /**
   * Starts stream `id`. `onStop` is called once if anyone stops it before its end.
   * With a `requestId` that already has a stream (running or retained), nothing is
   * started: the answer names that stream, to attach to.
   */
  acquire(id: string, meta: StreamMeta, onStop: (reason: StopReason) => void): Awaitable<Acquired>;
  /**
   * Reads stream `id` from byte `from`; undefined if unknown or expired. An offset past
   * every byte the stream has throws a 416 ApiError naming both (see offset.ts), except
   * where this instance cannot know the stream's length (Redis: a reply another instance
   * runs may have bytes its Redis copy has not yet).
   */
  read(id: string, from: number): Awaitable<StreamReaderHandle | undefined>;
  /** The receive times of stream `id`'s chunks from byte `from` on; past every byte, a 416 as for `read`. */
  times(id: string, from: number): Awaitable<StreamTimes | undefined>;
  /**
   * Stops a running stream, named by its id or by the requestId that started it (all a
   * client has before the upstream answered): 'stopping' (its producer ends it), 'ended'
   * (it had ended), or 'unknown'.
   */
  stop(id: string, reason?: StopReason): Awaitable<StopState>;
  /** Refuses new streams from now on, and stops every running one; resolves once each has ended. */
  shutDown(): Promise<void>;
  /** True once shutDown was called. */
  readonly closing: boolean;
}
