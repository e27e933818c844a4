import 'server-only';
import type { CaptureCassette } from '@/lib/api/cassettes';
import type {
  CapturedBody,
  CaptureDetail,
  CaptureStatus,
  CaptureSummary,
  CapturedWebSocket,
  CapturedWebSocketMessage,
  EncodedBody,
} from '@/lib/api/captures';
import { countedUsage, textTokens } from '@/lib/assemble/counted-usage';
import type { AssembledMessage } from '@/lib/assemble/message';
import { costOf } from '@/lib/pricing/cost';
import type { ProtocolId } from '@/lib/protocols/ids';
import { newMarkerNonce } from '@/lib/sse/bff-marker';
import { REDACTED } from '@/lib/server/streams/exchange';
import { readServerCopy } from '@/lib/server/streams/server-copy/server-copy';
import { relaySettings } from '@/lib/server/streams/settings';
import { uuidv7 } from '@/lib/server/platform/ids';
import { KeptBuilder, keptChunks, keptOf, type KeptBytes } from '@/lib/server/streams/live/kept-bytes';
import { pricingFor } from '@/lib/server/platform/pricing';
import { redact } from '@/lib/server/platform/redact';
import { SecretScrubber } from '@/lib/server/streams/relay/secret-scrubber';
import { captureWritten } from './captures/capture-feed';
import { captureStore } from '@/lib/server/store/captures';
import { runStore } from '@/lib/server/store/runs';
import type { CaptureStart } from '@/lib/server/store/capture-store';
import { RUN_HEADER, type ContextComposition } from '@/lib/api/runs';
import type { Json } from '@/lib/protocols/json';
import { composeContext } from '@/lib/runs/composition';
import { assignRun, type RunPlacement } from './runs/assign-run';
import { requestPlaced } from './runs/run-trace';
import { exchangeEnded } from './exchange-telemetry';
import { bytesRelayed, storeWritten } from '@/lib/server/platform/telemetry';
import { promptDigest } from './runs/prompt-digest';
import { whenQuiet } from './captures/in-flight';
import { contentCodings, decodeContent } from './content-coding';
import { jsonReply } from './json-reply';
import { CREDENTIAL_QUERY, credentialValues, shownHeaders } from './proxy-headers';
import { modelOf, protocolOfPath, type ProxyTarget } from './target';
import { sseItemOf } from './websocket-messages';

/** A request body is kept up to this many bytes (then marked cut); a response that is not SSE too. */
export const CAPTURED_BODY_BYTES = 1 << 20;

/** How long after the answer's head a capture waits for its first chunk to go out before it is listed anyway. */
const LIST_WAIT_MS = 50;

/** A view of kept bytes as a Buffer, without a copy. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Each read's size and receive time. */
function timelineOf({ bytes, starts, at }: KeptBytes): NonNullable<CaptureDetail['chunks']> {
  return { sizes: [...starts].map((start, i) => (starts[i + 1] ?? bytes.byteLength) - start), at: [...at] };
}

/** The first `length` bytes kept, in buffers of their own, with the reads they came in (the last one cut there). */
function keptUpTo({ bytes, starts, at }: KeptBytes, length: number): KeptBytes {
  if (length >= bytes.byteLength) return { bytes, starts, at };
  let count = 0;
  while (count < starts.length && starts[count]! < length) count++;
  return { bytes: bytes.slice(0, length), starts: starts.slice(0, count), at: at.slice(0, count) };
}

/**
 * Whether a reply read to the end of what reached the app had ended there: its
 * protocol's terminal event came (`message_stop`, `[DONE]`, `response.completed`, a
 * finish reason: the assembler's `complete`), or the upstream's error, its last word,
 * did. Not a reader's own bound (`sse-limit`): what came past it was never read.
 */
const answerEnded = (reply: AssembledMessage) =>
  reply.status === 'complete' || (reply.status === 'error' && reply.error?.code !== 'sse-limit');

const decoder = () => new TextDecoder('utf-8', { fatal: false });

/** Text kept from a body's chunks, bounded. */
class BoundedText {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  bytes = 0;

  add(chunk: Buffer): void {
    this.bytes += chunk.byteLength;
    if (this.kept >= CAPTURED_BODY_BYTES) return;
    const part = chunk.subarray(0, CAPTURED_BODY_BYTES - this.kept);
    this.chunks.push(part);
    this.kept += part.byteLength;
  }

  body(secrets: string[]): CapturedBody {
    return {
      text: redact(decoder().decode(Buffer.concat(this.chunks)), secrets),
      bytes: this.bytes,
      truncated: this.bytes > this.kept,
    };
  }
}

/** What a capture is of: one request through the proxy, whose it is, and its cassette. */
export interface CapturedExchange {
  target: ProxyTarget;
  method: string;
  headers: Record<string, string | string[] | undefined>;
  /** The path and query the app asked for: its credentials there (`?key=`) are redacted like the provider's. */
  url: string;
  /** The cassette this exchange is recorded to or played back from. */
  cassette?: CaptureCassette;
  /** Whose it is: the caller's id (their token's holder; `local` without sign-in). */
  owner: string;
  /** When the request came, if before now: the proxy makes its capture once the request is on its way upstream. */
  arrivedAt?: number;
  /** The request's body, when it is known whole as the capture is made. */
  body?: Buffer;
}

/**
 * One exchange through the proxy, recorded as it passes: the hot path only copies each
 * chunk into one growing buffer, with its receive time. Everything else (its id, the
 * secrets to redact, redacting, decoding the stream in the copy worker, pricing, the
 * database) happens once the exchange is over (and, while others stream, once they are:
 * `whenQuiet`), and its failures are logged, never felt by the app. What is worked out before the request goes upstream is what the app waits
 * for (docs/decisions.md: "The recording proxy's lean path").
 */
export class CaptureRecorder {
  /** When the request came (performance.now()): the capture's times count from it. */
  private readonly t0: number;
  private readonly startedMs: number;
  private readonly request = new BoundedText();
  private readonly response = new KeptBuilder();
  private head?: { status: number; headers: Record<string, string | string[] | undefined>; sse: boolean };
  private firstByte?: number;
  /** Bytes of the response written to the app while it was there: what it got, whatever came after it left. */
  private relayed = 0;
  private started: Promise<unknown> = Promise.resolve();
  private listed = false;
  private listTimer?: ReturnType<typeof setTimeout>;
  private ended = false;
  private wrote!: () => void;
  /** Settles once the capture is written as it ended (or its write failed, and was logged). */
  readonly written = new Promise<void>((resolve) => (this.wrote = resolve));
  private idOnce?: string;
  private secretsOnce?: string[];
  private requestBodyOnce?: CapturedBody;
  private runPlacement?: CaptureSummary['run'];

  private readonly target: ProxyTarget;
  private readonly method: string;
  private readonly requestHeaders: Record<string, string | string[] | undefined>;
  private readonly url: string;
  private readonly cassette: CaptureCassette | undefined;
  private readonly owner: string;

  constructor(exchange: CapturedExchange) {
    const { arrivedAt = performance.now() } = exchange;
    ({ target: this.target, method: this.method, headers: this.requestHeaders, url: this.url } = exchange);
    ({ cassette: this.cassette, owner: this.owner } = exchange);
    this.t0 = arrivedAt;
    this.startedMs = Math.round(Date.now() - (performance.now() - arrivedAt));
    if (exchange.body) this.requestChunk(exchange.body);
  }

  /** Time-ordered by when the request came, made when first written. */
  get id(): string {
    return (this.idOnce ??= uuidv7(this.startedMs));
  }

  /** Longest first, so a secret that contains another is replaced whole. */
  private get secrets(): string[] {
    if (this.secretsOnce) return this.secretsOnce;
    const clientSecrets = credentialValues(this.requestHeaders, this.url);
    return (this.secretsOnce = [...new Set([...this.target.provider.secrets, ...clientSecrets])].sort(
      (a, b) => b.length - a.length,
    ));
  }

  /** The request's body as the capture shows it (decoded and redacted once it is all here, not at each write). */
  private requestBody(): CapturedBody {
    if (this.requestBodyOnce?.bytes !== this.request.bytes) this.requestBodyOnce = this.request.body(this.secrets);
    return this.requestBodyOnce;
  }

  private now(): number {
    return performance.now() - this.t0;
  }

  requestChunk(chunk: Buffer): void {
    this.request.add(chunk);
  }

  /**
   * The upstream answered: the capture is listed, as `streaming`, once the app has the
   * answer's first chunk, or LIST_WAIT_MS after this when none has come by then. Listed
   * in the turn after the answer's head, it held the first chunk back when that came in
   * a read of its own (docs/decisions.md: "The recording proxy's lean path").
   * `wait: false`: the caller starts that wait itself (`waitToList`), once it has written what came with the head.
   */
  responded(status: number, headers: Record<string, string | string[] | undefined>, { wait = true } = {}): void {
    const type = String(headers['content-type'] ?? '');
    this.head = { status, headers, sse: type.includes('text/event-stream') };
    if (wait) this.waitToList();
  }

  /** Lists the capture LIST_WAIT_MS from now unless its first chunk (or its end) lists it first. */
  waitToList(): void {
    if (this.listed || this.listTimer) return;
    this.listTimer = setTimeout(() => this.list(), LIST_WAIT_MS);
    this.listTimer.unref?.();
  }

  /** `now`: when it came (performance.now()), which the proxy has read already. */
  responseChunk(chunk: Buffer, now = performance.now()): void {
    // To the microsecond: the digits past it are the clock's float noise, and a third of what the database stores of the times.
    const at = Math.round((now - this.t0) * 1000) / 1000;
    if (this.firstByte === undefined) {
      this.firstByte = at;
      // After this turn, in which the proxy passes this chunk on.
      setImmediate(() => this.list());
    }
    this.response.append(chunk, at);
  }

  /** Bytes of the response kept so far. */
  get responseBytes(): number {
    return this.response.length;
  }

  /** The response's bytes kept from offset `start` on, as they will be stored: what the proxy writes to the app, now. */
  responseFrom(start: number): Buffer {
    if (!this.ended) this.relayed = this.response.length;
    return this.response.bytesFrom(start);
  }

  /** Writes the capture's first row (it is listed from then on), once. */
  private list(): void {
    if (this.listed) return;
    this.listed = true;
    clearTimeout(this.listTimer);
    this.started = this.placeInRun()
      .then(async (runPlace) => {
        await (await captureStore()).start({ ...this.summary('streaming'), ...this.detail(), owner: this.owner, runPlace });
      })
      .then(() => captureWritten())
      .catch((error: unknown) => this.logFailure(error));
  }

  /** The exchange is over; the capture is written once read (`error` says why it ended early, never a secret). */
  end(status: Exclude<CaptureStatus, 'streaming'>, error?: string): void {
    if (this.ended) return;
    this.ended = true;
    const endAt = this.now();
    // Not listed yet when no answer came (unreachable), or it ended before its first chunk was passed on.
    this.list();
    void this.started
      .then(whenQuiet)
      .then(() => this.finish(status, endAt, error && redact(error, this.secrets)))
      .finally(this.wrote);
  }

  /**
   * Its prompt's tokens by part, counted once as it is written (a run's page scales them to
   * the input the provider reported): for a capture in a run, of a known protocol, whole.
   */
  private context(body: CapturedBody): { context?: ContextComposition } {
    if (!this.runPlacement || !this.protocol || body.truncated) return {};
    try {
      return { context: composeContext(this.protocol, JSON.parse(body.text) as Json) };
    } catch {
      return {};
    }
  }

  /**
   * Its agent run (lib/server/proxy/runs): the one its app named, or the one its prompt
   * continues. A run that cannot be worked out leaves the capture out of runs, never unwritten.
   */
  private async placeInRun(): Promise<CaptureStart['runPlace']> {
    try {
      const runs = await runStore();
      const body = this.requestBody();
      const digest = this.protocol && !body.truncated ? promptDigest(this.protocol, body.text) : undefined;
      const header = this.requestHeaders[RUN_HEADER];
      const named = (Array.isArray(header) ? header[0] : header) ?? this.target.run;
      const placement = await assignRun(runs, {
        owner: this.owner,
        captureId: this.id,
        startedAt: this.startedMs,
        ...(named !== undefined ? { named: named.slice(0, 200) } : {}),
        ...(digest ? { digest } : {}),
        fallbackName: `${this.target.provider.id} ${this.target.path}`,
      });
      if (!placement) return undefined;
      this.runPlacement = { id: placement.runId, lane: placement.lane };
      requestPlaced(placement, this.startedMs, named);
      return {
        ...(placement.parent ? { parent: placement.parent } : {}),
        ...(digest ? { full: digest.full, anchor: digest.anchor, kin: digest.kin } : {}),
      };
    } catch (error) {
      console.error(`sluice: placing capture ${this.id} in a run failed: ${redact(String(error), this.secrets)}`);
      return undefined;
    }
  }

  private logFailure(error: unknown): void {
    console.error(`sluice: storing capture ${this.id} failed: ${redact(String(error), this.secrets)}`);
  }

  private summary(status: CaptureStatus, more: Partial<CaptureSummary> = {}): CaptureSummary {
    const { provider, path } = this.target;
    const model = 'model' in more ? more.model : modelOf(path, this.requestBody().text.slice(0, 64 * 1024));
    return {
      id: this.id,
      provider: provider.id,
      method: this.method,
      path,
      ...(model ? { model } : {}),
      status,
      ...(this.head ? { httpStatus: this.head.status } : {}),
      startedAt: new Date(this.startedMs).toISOString(),
      ...(this.protocol ? { protocol: this.protocol } : {}),
      sse: this.head?.sse ?? false,
      ...(this.cassette ? { cassette: this.cassette } : {}),
      ...(this.socket ? { webSocket: true } : {}),
      ...(this.runPlacement ? { run: this.runPlacement } : {}),
      timings: this.firstByte === undefined ? {} : { firstByte: this.firstByte },
      ...more,
    };
  }

  private get protocol(): ProtocolId | undefined {
    return protocolOfPath(this.target.path, this.target.provider);
  }

  private detail(): Pick<CaptureDetail, 'request' | 'response'> {
    return {
      request: {
        method: this.method,
        url: redact(this.target.url.replace(CREDENTIAL_QUERY, `$1${REDACTED}`), this.secrets),
        headers: shownHeaders(this.requestHeaders),
        body: this.requestBody(),
      },
      ...(this.head
        ? { response: { status: this.head.status, headers: shownHeaders(this.head.headers), ...this.webSocketShown() } }
        : {}),
    };
  }

  /**
   * The response's bytes (as kept), secrets replaced, chunk by chunk with their receive
   * times: copied into one buffer, which is searched once for each secret, almost never
   * there; only then is it scrubbed chunk by chunk (a secret may straddle two). Scrubbed
   * chunk by chunk every time, it took three times the main thread's relaying of the
   * stream (docs/decisions.md: "The recording proxy's lean path").
   */
  private scrubbed(kept: KeptBytes): KeptBytes {
    if (!this.secrets.some((secret) => secret.length >= 4 && asBuffer(kept.bytes).includes(secret))) return kept;
    const scrubber = new SecretScrubber(this.secrets);
    const chunks = [...keptChunks(kept)];
    const parts = chunks.map((chunk) => scrubber.push(asBuffer(chunk.bytes)));
    const rest = scrubber.flush();
    if (rest.byteLength) parts.push(rest);
    return keptOf(parts.map((part, i) => ({ bytes: part, at: chunks[Math.min(i, chunks.length - 1)]?.at ?? 0 })));
  }

  /**
   * The response's bytes as the capture reads them: decoded by its content-encoding,
   * when the upstream compressed it anyway (the app got the bytes as they came), at most
   * the reply bound of them (SLUICE_MAX_REPLY_BYTES), and said so.
   */
  private async decoded(received: KeptBytes): Promise<{ decoded: KeptBytes; encoded?: EncodedBody }> {
    const codings = contentCodings(this.head?.headers['content-encoding']);
    if (codings.length === 0) return { decoded: received };
    const { kept, note } = await decodeContent(received, codings, relaySettings().limits.maxReplyBytes);
    return {
      decoded: kept,
      encoded: { encoding: codings.join(', '), bytes: received.bytes.byteLength, ...(note ? { note } : {}) },
    };
  }

  private async finish(status: Exclude<CaptureStatus, 'streaming'>, endAt: number, error?: string): Promise<void> {
    try {
      const store = await captureStore();
      const detail = this.detail();
      const requestBody = detail.request.body.text;
      const model = modelOf(this.target.path, requestBody);
      const pricing = model ? pricingFor(this.target.provider, model) : undefined;
      const timings: CaptureSummary['timings'] = {
        ...(this.firstByte !== undefined ? { firstByte: this.firstByte } : {}),
        end: endAt,
      };
      let reply: CaptureDetail['reply'];
      let events;
      let body: CapturedBody | undefined;
      let tokenEvents = 0;
      let chunks: CaptureDetail['chunks'];
      // The app left: what it got is what the capture keeps and reads, not what came after.
      const left = status === 'client-closed';
      const received = this.head && (left ? keptUpTo(this.response.kept(), this.relayed) : this.response.kept());
      const { decoded, encoded } = received ? await this.decoded(received) : {};
      // Nothing could be read of it (a coding this server cannot decode): no reply to make of nothing.
      const unread = encoded?.note !== undefined && decoded?.bytes.byteLength === 0;
      if (encoded && detail.response) detail.response.encoded = encoded;
      if (this.head?.sse && decoded) {
        const settings = relaySettings();
        const kept = this.scrubbed(decoded);
        // Read before the kept bytes go to the worker (their buffers are handed over).
        chunks = timelineOf(kept);
        const read = await readServerCopy(
          this.protocol ?? this.target.provider.protocol,
          kept,
          status === 'complete' || left ? 'ended' : 'stopped',
          endAt,
          {
            maxBytes: settings.eventLogMaxBytes,
            markerNonce: newMarkerNonce(),
            limits: settings.limits,
          },
        );
        events = read.events;
        tokenEvents = read.tokenEvents ?? 0;
        if (read.firstTokenAt !== undefined) timings.firstToken = read.firstTokenAt;
        if (read.firstAnswerAt !== undefined) timings.firstAnswer = read.firstAnswerAt;
        if (read.lastTokenAt !== undefined) timings.lastToken = read.lastTokenAt;
        // An app may hang up once the answer's terminal event came, before the upstream ends its body
        // (Codex after response.completed, the OpenAI SDK after [DONE]): it left nothing unread.
        if (left && this.protocol && answerEnded(read.message)) {
          status = 'complete';
          error = undefined;
        } else if (left && read.message.status === 'truncated') read.message.status = 'stopped';
        if (this.protocol && !unread) reply = read.message;
      } else if (this.head && decoded) {
        const text = new BoundedText();
        chunks = timelineOf(decoded);
        text.add(asBuffer(decoded.bytes));
        body = text.body(this.secrets);
        if (encoded?.note) body.truncated = true;
        if (this.protocol && this.head.status < 300 && !unread) reply = jsonReply(this.protocol, body.text);
      }
      // An error the upstream answered whole (a 429, a 529 overloaded) reads as one, with its HTTP status beside it.
      if (status === 'complete' && this.head && this.head.status >= 400) {
        status = 'upstream-error';
        error ??= `The upstream answered HTTP ${this.head.status}.`;
      }
      // An answer that never said its usage (a stream without include_usage) is counted as a
      // cut one is: at least its token events, the input estimated from the request, marked ≈.
      const said = reply?.usage?.inputTokens !== undefined && reply.usage.outputTokens !== undefined;
      const counted = reply
        ? countedUsage(
            {
              ...reply,
              status: status === 'complete' && said ? reply.status : 'stopped',
              inputTokensEstimate: textTokens(requestBody),
            },
            tokenEvents,
          )
        : undefined;
      const usage = counted?.usage;
      const summary = this.summary(status, {
        ...(model ? { model } : {}),
        timings,
        ...(usage ? { usage } : {}),
        ...(counted && (counted.estimate || counted.inputEstimated) ? { usageEstimated: true } : {}),
        ...(reply ? { cost: costOf(usage, pricing) ?? null } : {}),
        ...(error ? { error } : {}),
      });
      const placed: Pick<RunPlacement, 'runId' | 'lane'> | undefined = this.runPlacement && {
        runId: this.runPlacement.id,
        lane: this.runPlacement.lane,
      };
      bytesRelayed('proxy', left ? this.relayed : this.response.length);
      // After this write is on its way, as a reply's are: the capture's telemetry never delays it.
      setImmediate(exchangeEnded, {
        captureId: this.id,
        target: this.target,
        protocol: this.protocol,
        method: this.method,
        requestHeaders: this.requestHeaders,
        httpStatus: this.head?.status,
        sse: this.head?.sse ?? false,
        startedAt: this.startedMs,
        summary,
        reply,
        events,
        run: placed,
        requestBody,
      });
      const writing = performance.now();
      await store.end(this.id, {
        summary,
        ...detail,
        ...(events ? { events } : {}),
        ...(body ? { body } : {}),
        ...(reply ? { reply } : {}),
        ...(chunks?.sizes.length ? { chunks } : {}),
        // The request's body is searched where the store keeps it, once per block (lib/server/store/body-blocks.ts).
        searchText: reply?.text.slice(0, 32 * 1024) ?? body?.text.slice(0, 4096) ?? '',
        ...this.context(detail.request.body),
      });
      storeWritten('capture', writing);
      captureWritten({ ended: true });
    } catch (failure) {
      this.logFailure(failure);
      await this.fail(status, failure);
    }
  }

  /** Never left `streaming`: a second, minimal write of how it ended and what went wrong. */
  private async fail(status: Exclude<CaptureStatus, 'streaming'>, failure: unknown): Promise<void> {
    const reason = redact(failure instanceof Error ? failure.message : String(failure), this.secrets).slice(0, 300);
    try {
      await (await captureStore()).fail(this.id, status, `Sluice could not store this exchange whole (${reason}).`);
      captureWritten({ ended: true });
    } catch (error) {
      this.logFailure(error);
    }
  }

  // WebSocket upgrades (websocket-captures.ts): what a capture made over a WebSocket adds.

  private socket?: {
    messages: CapturedWebSocketMessage[];
    bytes: number;
    maxBytes: number;
    truncated: boolean;
    close?: CapturedWebSocket['close'];
  };

  /** The request is a WebSocket upgrade: its messages are kept up to `maxBytes` (then marked truncated), once it opens. */
  webSocket(maxBytes: number): void {
    this.socket ??= { messages: [], bytes: 0, maxBytes, truncated: false };
  }

  /**
   * The upstream took the upgrade (`status` 101, its head): the answer is messages from
   * here on. The upstream's text messages are the capture's events, each one SSE item
   * with its receive time, so the path's stream decoder reads them as it reads an SSE
   * answer (the Responses API's WebSocket mode sends its SSE stream's JSON events).
   */
  webSocketOpened(status: number, headers: Record<string, string | string[] | undefined>): void {
    this.head = { status, headers, sse: true };
  }

  /**
   * One message, the app's (`send`) or the upstream's (`receive`), as it came at `now`
   * (performance.now()): copied, never held. False when it was past the bound, and not
   * kept. One from before the request (a message between two responses of a connection,
   * `at` below 0) is kept as a message, not as an event.
   */
  webSocketMessage(type: 'send' | 'receive', data: Buffer, binary: boolean, now = performance.now()): boolean {
    const socket = this.socket;
    if (!socket) return false;
    // Past the bound nothing more is kept: what is kept is the connection's start, without holes.
    if (socket.truncated || socket.bytes + data.byteLength > socket.maxBytes) return !(socket.truncated = true);
    socket.bytes += data.byteLength;
    const at = Math.round((now - this.t0) * 1000) / 1000;
    const text = binary ? data.toString('base64') : data.toString('utf8');
    socket.messages.push({ type, at, opcode: binary ? 2 : 1, data: text });
    if (type === 'receive' && !binary && at >= 0) this.responseChunk(Buffer.from(sseItemOf(text)), now);
    return true;
  }

  /** Whether a message was past the bound (or dropped before it came here: `webSocketDropped`). */
  get webSocketTruncated(): boolean {
    return this.socket?.truncated ?? false;
  }

  /** Messages of this capture were dropped before they reached it: it is marked truncated. */
  webSocketDropped(): void {
    if (this.socket) this.socket.truncated = true;
  }

  /** The connection closed while this capture was open: who closed it, with which code and reason. */
  webSocketClosed(close: NonNullable<CapturedWebSocket['close']>): void {
    if (this.socket) this.socket.close = { ...close, reason: redact(close.reason, this.secrets) };
  }

  /** The response's `webSocket`, messages redacted, once the upgrade was taken. */
  private webSocketShown(): { webSocket?: CapturedWebSocket } {
    const socket = this.socket;
    if (!socket || this.head?.status !== 101) return {};
    const messages = socket.messages.map((m) => (m.opcode === 1 ? { ...m, data: redact(m.data, this.secrets) } : m));
    return { webSocket: { messages, truncated: socket.truncated, ...(socket.close ? { close: socket.close } : {}) } };
  }
}
