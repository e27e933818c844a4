import 'server-only';
import type { CapturedBody, CaptureDetail, CaptureStatus, CaptureSummary } from '@/lib/api/captures';
import { countedUsage, textTokens } from '@/lib/assemble/counted-usage';
import { costOf } from '@/lib/pricing/cost';
import type { ProtocolId } from '@/lib/protocols/ids';
import { newMarkerNonce } from '@/lib/sse/bff-marker';
import { REDACTED } from '../chat/exchange';
import { readServerCopy } from '../chat/server-copy';
import { relaySettings } from '../chat/settings';
import { uuidv7 } from '../ids';
import type { KeptBytes } from '../live/kept-bytes';
import { pricingFor } from '../pricing';
import { redact } from '../redact';
import { SecretScrubber } from '../relay/secret-scrubber';
import { captureWritten } from '../captures/capture-feed';
import { captureStore } from '../captures';
import { jsonReply } from './json-reply';
import { CREDENTIAL_QUERY, shownHeaders } from './proxy-headers';
import { modelOf, protocolOfPath, type ProxyTarget } from './target';

/** A request body is kept up to this many bytes (then marked cut); a response that is not SSE too. */
export const CAPTURED_BODY_BYTES = 1 << 20;

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

/**
 * One exchange through the proxy, recorded as it passes: the hot path only keeps
 * references to the chunks and their receive times. Everything else (redacting,
 * decoding the stream in the copy worker, pricing, the database) happens once the
 * exchange is over, and its failures are logged, never felt by the app.
 */
export class CaptureRecorder {
  readonly id = uuidv7();
  private readonly t0 = performance.now();
  private readonly startedAt = new Date().toISOString();
  private readonly request = new BoundedText();
  private readonly chunks: Buffer[] = [];
  private readonly at: number[] = [];
  private head?: { status: number; headers: Record<string, string | string[] | undefined>; sse: boolean };
  private firstByte?: number;
  private started: Promise<unknown> = Promise.resolve();
  private ended = false;
  private wrote!: () => void;
  /** Settles once the capture is written as it ended (or its write failed, and was logged). */
  readonly written = new Promise<void>((resolve) => (this.wrote = resolve));
  private readonly secrets: string[];

  constructor(
    private readonly target: ProxyTarget,
    private readonly method: string,
    private readonly requestHeaders: Record<string, string | string[] | undefined>,
    /** The app's own credentials, redacted like the provider's. */
    clientSecrets: string[],
  ) {
    this.secrets = [...new Set([...target.provider.secrets, ...clientSecrets])].sort((a, b) => b.length - a.length);
  }

  private now(): number {
    return performance.now() - this.t0;
  }

  requestChunk(chunk: Buffer): void {
    this.request.add(chunk);
  }

  /** The upstream answered: the capture is listed from now on, as `streaming`. */
  responded(status: number, headers: Record<string, string | string[] | undefined>): void {
    const type = String(headers['content-type'] ?? '');
    this.head = { status, headers, sse: type.includes('text/event-stream') };
    // After this turn: the app's first bytes go out before the database is asked anything.
    this.started = new Promise((resolve) => setImmediate(resolve))
      .then(async () => (await captureStore()).start({ ...this.summary('streaming'), ...this.detail() }))
      .then(() => captureWritten())
      .catch((error: unknown) => this.logFailure(error));
  }

  responseChunk(chunk: Buffer): void {
    const at = this.now();
    this.firstByte ??= at;
    this.chunks.push(chunk);
    this.at.push(at);
  }

  /** The exchange is over; the capture is written once read (`error` says why it ended early, never a secret). */
  end(status: Exclude<CaptureStatus, 'streaming'>, error?: string): void {
    if (this.ended) return;
    this.ended = true;
    const endAt = this.now();
    // No answer came (unreachable): nothing listed it yet.
    if (!this.head)
      this.started = captureStore()
        .then((store) => store.start({ ...this.summary('streaming'), ...this.detail() }))
        .catch((failure: unknown) => this.logFailure(failure));
    void this.started.then(() => this.finish(status, endAt, error && redact(error, this.secrets))).finally(this.wrote);
  }

  private logFailure(error: unknown): void {
    console.error(`sluice: storing capture ${this.id} failed: ${redact(String(error), this.secrets)}`);
  }

  private summary(status: CaptureStatus, more: Partial<CaptureSummary> = {}): CaptureSummary {
    const { provider, path } = this.target;
    const model = modelOf(path, this.request.body([]).text.slice(0, 64 * 1024));
    return {
      id: this.id,
      provider: provider.id,
      method: this.method,
      path,
      ...(model ? { model } : {}),
      status,
      ...(this.head ? { httpStatus: this.head.status } : {}),
      startedAt: this.startedAt,
      ...(this.protocol ? { protocol: this.protocol } : {}),
      sse: this.head?.sse ?? false,
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
        body: this.request.body(this.secrets),
      },
      ...(this.head ? { response: { status: this.head.status, headers: shownHeaders(this.head.headers) } } : {}),
    };
  }

  /** The response's bytes as kept, secrets replaced, chunk by chunk with their receive times. */
  private kept(): KeptBytes {
    const scrubber = new SecretScrubber(this.secrets);
    const parts = this.chunks.map((chunk) => scrubber.push(chunk));
    const rest = scrubber.flush();
    if (rest.byteLength) parts.push(rest);
    const total = parts.reduce((n, p) => n + p.byteLength, 0);
    const bytes = new Uint8Array(total);
    const starts = new Float64Array(parts.length);
    const at = new Float64Array(parts.length);
    let offset = 0;
    parts.forEach((part, i) => {
      bytes.set(part, offset);
      starts[i] = offset;
      at[i] = this.at[Math.min(i, this.at.length - 1)] ?? 0;
      offset += part.byteLength;
    });
    return { bytes, starts, at };
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
      let chunks: CaptureDetail['chunks'] = { sizes: this.chunks.map((c) => c.byteLength), at: [...this.at] };
      if (this.head?.sse) {
        const settings = relaySettings();
        const kept = this.kept();
        // Read before the kept bytes go to the worker (their buffers are handed over).
        chunks = {
          sizes: [...kept.starts].map((start, i) => (kept.starts[i + 1] ?? kept.bytes.byteLength) - start),
          at: [...kept.at],
        };
        const read = await readServerCopy(
          this.protocol ?? this.target.provider.protocol,
          kept,
          status === 'complete' ? 'ended' : 'stopped',
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
        if (read.lastTokenAt !== undefined) timings.lastToken = read.lastTokenAt;
        if (this.protocol) reply = read.message;
      } else if (this.head) {
        const text = new BoundedText();
        for (const chunk of this.chunks) text.add(chunk);
        body = text.body(this.secrets);
        if (this.protocol && this.head.status < 300) reply = jsonReply(this.protocol, body.text);
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
      await store.end(this.id, {
        summary,
        ...detail,
        ...(events ? { events } : {}),
        ...(body ? { body } : {}),
        ...(reply ? { reply } : {}),
        ...(this.chunks.length ? { chunks } : {}),
        searchText: `${requestBody.slice(0, 32 * 1024)} ${reply?.text.slice(0, 32 * 1024) ?? body?.text.slice(0, 4096) ?? ''}`,
      });
      captureWritten({ ended: true });
    } catch (failure) {
      this.logFailure(failure);
    }
  }
}
