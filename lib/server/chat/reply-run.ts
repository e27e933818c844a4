import 'server-only';
import type { User } from '@/lib/api/users';
import { CHAT_HEADERS } from '@/lib/api/headers';
import type { StreamOutcome } from '@/lib/assemble/assemble';
import { emptyMessage } from '@/lib/assemble/message';
import type { UpstreamRequest } from '@/lib/protocols/request-types';
import { bffMarkers, newMarkerNonce } from '@/lib/sse/bff-marker';
import { ApiError, serverFailure } from '@/lib/server/http/errors';
import { exchangeTiming, serverTimingHeader } from '@/lib/server/http/server-timing';
import { uuidv7 } from '@/lib/server/platform/ids';
import { pricingFor } from '@/lib/server/platform/pricing';
import { bytesRelayed, streamClosed, streamOpened } from '@/lib/server/platform/telemetry';
import type { ConversationStore, ReplyTimings } from '@/lib/server/store/types';
import { settling } from '@/lib/server/store/settling-replies';
import { exchangeMarker, sentBody } from '@/lib/server/streams/exchange';
import type { Acquired, LiveStreams, StreamWriter } from '@/lib/server/streams/live/live-streams';
import { answeredError, upstreamBodyOf } from '@/lib/server/streams/relay/error-body';
import type { UpstreamResponse } from '@/lib/server/streams/relay/http-client';
import { relayUpstream, type Relay } from '@/lib/server/streams/relay/relay-stream';
import { sendUpstream } from '@/lib/server/streams/relay/send-upstream';
import { readServerCopy } from '@/lib/server/streams/server-copy/server-copy';
import { relaySettings } from '@/lib/server/streams/settings';
import { blindPageStream } from './blind-page-stream';
import { ownRequestId } from './owned-stream';
import { plainPageStream, type PageStream } from './page-stream';
import type { ResolvedTurn } from './resolve-turn';
import { stopMessage, streamAnswer } from './respond';
import { resumes, resumeUpstream } from './resume-upstream';
import { ReplyWriter, toStoredReply } from './reply-writer';
import { replyEnded, type ReplyTrace } from './reply-telemetry';

/**
 * One reply in flight, from the moment its turn is resolved: its clock, its live stream
 * and what the page reads of it, its writer, and how it ends (stopped, failed before
 * streaming, or relayed to its end). Whatever the ending, the reply is stored.
 */
export class ReplyRun {
  readonly id = uuidv7();
  readonly timings: ReplyTimings;
  /** Markers only this reply's stream can write: the upstream's bytes are relayed as they are, and cannot know this. */
  private readonly markerNonce = newMarkerNonce();
  private readonly markers = bffMarkers(this.markerNonce);
  private readonly settings = relaySettings();
  private readonly page: PageStream;
  private readonly pricing;
  /** Aborts the upstream request until it answered; the relay's stop after that. */
  private readonly beforeHeaders = new AbortController();
  private relay: Relay | undefined;
  private stoppedAs: string | undefined;
  private stream!: StreamWriter;
  private writer!: ReplyWriter;
  private sent!: ReturnType<typeof sentBody>;
  private sendingAt = 0;
  /** Its stream counts among the open ones (sluice.streams.open) until it ends. */
  private counted = false;

  constructor(
    private readonly resolved: ResolvedTurn,
    requestStart: number,
    /** Receive times on the monotonic clock, in whole ms as stored: Next.js wraps Date.now (to track prerender IO), and this runs per chunk. */
    private readonly clockStart: number,
    /** What its span needs beside the stored reply: the request's messages and the caller's `traceparent`. */
    private readonly traced: Pick<ReplyTrace, 'messages' | 'traceparent' | 'tracestate'> = {
      messages: [],
      traceparent: null,
      tracestate: null,
    },
  ) {
    this.timings = { requestStart };
    const { provider, model, blind, replay } = resolved;
    // A replay is priced as its recording's model was: the replay provider has no prices of its own.
    this.pricing = replay ? replay.pricing : pricingFor(provider, model);
    this.page = blind ? blindPageStream(provider.protocol, blind, this.markerNonce) : plainPageStream(provider.protocol);
  }

  private since = () => Math.round(performance.now() - this.clockStart);

  /**
   * The reply's live stream, made before the upstream is asked, so a stop or a retried
   * POST finds it from the start; `attached`: the POST's requestId already has a stream.
   */
  async open(live: LiveStreams, user: User, requestId: string | undefined): Promise<Acquired> {
    const { provider, model, conversationId } = this.resolved;
    const headers: Record<string, string> = {
      [CHAT_HEADERS.conversationId]: conversationId,
      [CHAT_HEADERS.protocol]: this.page.protocol,
      [CHAT_HEADERS.messageId]: this.id,
      [CHAT_HEADERS.markerNonce]: this.markerNonce,
    };
    // A price tells models apart: a blind pane's comes with the vote.
    if (this.pricing && this.page.names) headers[CHAT_HEADERS.pricing] = JSON.stringify(this.pricing);
    const meta = {
      headers,
      // A requestId is the client's: it names a stream only among its user's own.
      requestId: requestId && ownRequestId(user, requestId),
      startedAt: this.timings.requestStart,
      origin: { provider: provider.id, model, pricing: this.pricing, replayOf: this.resolved.replay?.of },
      userId: user.id,
    };
    const acquired = await live.acquire(this.id, meta, (reason) => {
      this.stoppedAs = stopMessage(reason);
      if (this.relay) this.relay.stop(this.stoppedAs);
      else this.beforeHeaders.abort();
    });
    if (acquired.kind === 'acquired') {
      this.stream = acquired.writer;
      this.counted = true;
      streamOpened('chat');
    }
    return acquired;
  }

  /**
   * The writer of the turn and the reply. The turn is written once the answer's first
   * bytes are on their way (or by the first other write, if it comes first): every later
   * write of this reply is chained after it. The placeholder gets a copy of the timings:
   * the live ones fill in before its row is written.
   */
  prepareStore(db: ConversationStore, request: UpstreamRequest): void {
    const { provider, model, turn, replay } = this.resolved;
    const placeholder = toStoredReply(emptyMessage(), provider, model, { ...this.timings }, this.pricing, replay?.of);
    // A body too long for the upstream marker is stored whole with the turn (GET /api/chat/{id}/upstream-body).
    this.sent = sentBody(request, provider);
    const upstreamBody = this.sent.cut ? this.sent.text : undefined;
    const stored = { ...turn, replyId: this.id, placeholder, upstreamBody };
    const trace = { ...this.traced, replyId: this.id, url: request.url };
    this.writer = new ReplyWriter(db, stored, provider, model, this.timings, this.pricing, replay?.of, (saved) =>
      replyEnded(this.resolved, trace, saved),
    );
    // A shared database is read by other instances, which cannot start this one's deferred
    // write: a page reloaded through them before the upstream answers must find the turn.
    if (db.shared) void this.writer.begin();
  }

  /** Writes the turn now, if nothing did yet: after the answer's first bytes are out. */
  beginTurn(): void {
    void this.writer.begin();
  }

  private upstreamOptions(signal: AbortSignal) {
    return { headersTimeoutMs: this.settings.headersTimeoutMs, signal, secrets: this.resolved.provider.secrets };
  }

  send(request: UpstreamRequest): Promise<UpstreamResponse> {
    this.sendingAt = performance.now();
    return sendUpstream(request, this.upstreamOptions(this.beforeHeaders.signal));
  }

  private write = (bytes: Uint8Array, fromUpstream: boolean) => {
    const at = this.since();
    if (fromUpstream) this.timings.firstByte ??= at;
    this.page.write(bytes, at, this.stream);
  };

  /** The stream has ended: the server reads its own copy of it, the bytes the live stream kept, and stores that. */
  private storeReply(outcome: StreamOutcome): void {
    const end = (this.timings.end = this.since());
    this.page.finish(end, this.stream);
    this.stream.finish();
    const { eventLogMaxBytes, limits } = this.settings;
    const copyOptions = { maxBytes: eventLogMaxBytes, markerNonce: this.markerNonce, limits };
    const kept = this.page.kept(this.stream);
    this.closed(kept.bytes.byteLength);
    const read = readServerCopy(this.resolved.provider.protocol, kept, outcome, end, copyOptions);
    settling(this.writer.saveFromCopy(read));
  }

  /** Its stream is no longer open (counted once, however it ended). */
  private closed(bytes: number): void {
    if (!this.counted) return;
    this.counted = false;
    streamClosed('chat');
    bytesRelayed('chat', bytes);
  }

  /**
   * No stream came: stopped before the upstream answered (the reply is kept, stopped,
   * and its stream says so), or failed (stored as the error it was, with the upstream's
   * own body, so a reload shows what the page showed; answered as JSON).
   */
  async failedBeforeStreaming(thrown: unknown, user: User): Promise<Response> {
    if (this.stoppedAs !== undefined) {
      const said = this.markers.open + this.markers.end({ reason: 'stopped', message: this.stoppedAs });
      this.write(new TextEncoder().encode(said), false);
      this.storeReply('stopped');
      return (await streamAnswer(user, this.id))!;
    }
    const { provider, conversationId } = this.resolved;
    this.timings.end = this.since();
    this.closed(0);
    const error = thrown instanceof ApiError ? thrown : serverFailure(thrown, provider.secrets);
    await this.writer.save({
      ...emptyMessage('error'),
      error: { message: error.message, ...answeredError(error), ...upstreamBodyOf(error) },
    });
    const response = this.page.errorResponse(error);
    response.headers.set(CHAT_HEADERS.conversationId, conversationId);
    this.stream.abandon({ status: response.status, body: await response.clone().json() });
    return response;
  }

  /** The upstream answered: its bytes are relayed into the live stream, behind the exchange's marker, to their end. */
  relayAnswer(request: UpstreamRequest, upstream: UpstreamResponse): void {
    const { provider } = this.resolved;
    const timing = exchangeTiming(this.clockStart, this.sendingAt, performance.now());
    // The upstream's own Server-Timing may name it: a blind pane's answer has Sluice's only.
    const upstreamTiming = this.page.names ? upstream.headers.get('server-timing') : null;
    this.stream.setHeader('server-timing', serverTimingHeader(timing, upstreamTiming));
    const upstreamConversationId = upstream.headers.get(CHAT_HEADERS.conversationId);
    if (upstreamConversationId && this.page.names) {
      this.writer.setUpstreamConversationId(upstreamConversationId);
      this.stream.setHeader(CHAT_HEADERS.upstreamConversationId, upstreamConversationId);
    }
    const { limits, keepAliveMs, idleMs } = this.settings;
    const resume = (lastEventId: string) =>
      resumeUpstream(request, lastEventId, this.upstreamOptions(new AbortController().signal));
    const exchange = { messageId: this.id, body: this.sent, timing };
    this.relay = relayUpstream(upstream.body, {
      markers: this.markers,
      preamble: exchangeMarker(request, upstream, provider, this.markers, exchange),
      limits,
      secrets: provider.secrets,
      keepAliveMs,
      idleMs,
      write: this.write,
      reconnect: resumes(provider) ? resume : undefined,
      onDone: (outcome) => this.storeReply(outcome.kind === 'stopped' ? 'stopped' : 'ended'),
    });
    // A stop that came once the upstream had answered, before its relay was made, aborted
    // nothing (the answer was in): it stops the relay now. The live stream takes one stop
    // only, so a stop asked again from the page would not reach it.
    if (this.stoppedAs !== undefined) this.relay.stop(this.stoppedAs);
  }
}
