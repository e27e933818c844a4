import type { CaptureCassette } from './cassettes';
import type { AssembledMessage } from '@/lib/assemble/message';
import type { ReplyCost } from '@/lib/pricing/cost';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { ChatMessage, ChatParams } from '@/lib/protocols/conversation';
import type { Usage } from '@/lib/protocols/events';
import type { StoredEvents } from './conversations';
import { fileStamp } from './file-names';

/**
 * One exchange an app made through the recording proxy (`/proxy/{providerId}/…`), as
 * `GET /api/captures` and `GET /api/captures/{id}` give it (docs/contract.md). Declared
 * once: the server writes it, the Traffic page reads it.
 *
 * How it ended: `streaming` while the response is still coming; `complete` when the
 * upstream's body ended, or the app hung up once the answer's terminal event had reached
 * it (the upstream had yet to close its body); `client-closed` when the app hung up
 * before the answer ended (the upstream request is closed with it); `upstream-error`
 * when the upstream answered an HTTP error (4xx, 5xx: `httpStatus` says which), the
 * connection broke, or the upstream went silent past the idle limit;
 * `unreachable` when no answer came at all (the app got a 502 or 504); `cassette-miss`
 * when a cassette in playback had no matching exchange (a 504, and nothing went
 * upstream); `cut` when the response passed the reply bound (SLUICE_MAX_REPLY_BYTES);
 * `interrupted` when Sluice stopped before it ended.
 */
export type CaptureStatus =
  'streaming' | 'complete' | 'client-closed' | 'upstream-error' | 'unreachable' | 'cassette-miss' | 'cut' | 'interrupted';
export const CAPTURE_STATUSES: CaptureStatus[] = [
  'streaming',
  'complete',
  'client-closed',
  'upstream-error',
  'unreachable',
  'cassette-miss',
  'cut',
  'interrupted',
];

/** Milliseconds since the request reached Sluice. */
export interface CaptureTimings {
  firstByte?: number;
  firstToken?: number;
  /** The first token of the answer itself (after any thinking): where "Thought for" ends. */
  firstAnswer?: number;
  lastToken?: number;
  end?: number;
}

/** A row of the Traffic list. */
export interface CaptureSummary {
  id: string;
  provider: string;
  method: string;
  /** The path under the provider (`/chat/completions`), without the query. */
  path: string;
  /** The model the request named (body `model`, or Gemini's path), when it named one. */
  model?: string;
  /** The capture's own status (above); `httpStatus` is the upstream's answer, when there was one. */
  status: CaptureStatus;
  httpStatus?: number;
  /** ISO time the request reached Sluice. */
  startedAt: string;
  /** The decoder used, when the path is a known protocol's streaming or generation endpoint. */
  protocol?: ProtocolId;
  sse: boolean;
  timings: CaptureTimings;
  usage?: Usage;
  /** `≈`: counted from the stream (or the request) because the upstream never said. */
  usageEstimated?: boolean;
  cost?: ReplyCost | null;
  /** Why it ended as it did, when not `complete` (never a secret). */
  error?: string;
  /** The cassette it was recorded to or played back from (docs/contract.md "Cassettes"). */
  cassette?: CaptureCassette;
  /** Asked for as a WebSocket upgrade: its messages are under `response.webSocket` once the upstream took it. */
  webSocket?: boolean;
  /** The agent run it belongs to (docs/contract.md "Runs"), and its lane there (0 the main line, each subagent its own). */
  run?: { id: string; lane: number };
}

/** A capture's export files' name without its extension, by its own start (file-names.ts): its HAR, .sse and .jsonl alike. */
export const captureFileName = (capture: Pick<CaptureSummary, 'id' | 'startedAt'>) =>
  ['sluice-capture', fileStamp(capture.startedAt), capture.id].filter(Boolean).join('-');

/**
 * Whether a capture can be replayed through the chat (the replay provider): a stream of a
 * known protocol that has ended. The chat asks for an event stream; a JSON answer is not one.
 * (`/replay/{id}` itself serves any capture.)
 */
export const replaysAsChat = (capture: CaptureSummary) =>
  capture.sse && capture.protocol !== undefined && capture.status !== 'streaming';

/** A bounded body as captured: its text (secrets redacted), its whole size, and whether the text is cut. */
export interface CapturedBody {
  text: string;
  bytes: number;
  truncated: boolean;
}

/**
 * A response body the upstream sent content-coded (`gzip`, `deflate`, `br`, `zstd`),
 * though the proxy asked for identity: the app got these bytes as they came, and the
 * capture's `events`, `body`, `chunks` and `reply` are of them decoded.
 */
export interface EncodedBody {
  /** The codings, as its `content-encoding` named them. */
  encoding: string;
  /** Its size as received (what the capture kept of it). */
  bytes: number;
  /**
   * Why the capture does not hold it all, decoded: a coding this server cannot decode (its
   * bytes are then not kept: no secret in them could be redacted), bytes that did not
   * decode, or the bound on a decoded body (SLUICE_MAX_REPLY_BYTES).
   */
  note?: string;
}

export interface CaptureDetail extends CaptureSummary {
  request: {
    method: string;
    /** The upstream URL it went to (query secrets redacted). */
    url: string;
    headers: Record<string, string>;
    body: CapturedBody;
  };
  response?: { status: number; headers: Record<string, string>; encoded?: EncodedBody; webSocket?: CapturedWebSocket };
  /** An SSE response's events, as a reply's event log has them: each item's raw text and receive time. */
  events?: StoredEvents;
  /** A response that is not SSE. */
  body?: CapturedBody;
  /**
   * The response body's reads as they came off the socket: each one's size in bytes and
   * its receive time (ms since the request). Where the stream split, exactly; with
   * `events` (or `body`) the bytes of each read.
   */
  chunks?: { sizes: number[]; at: number[] };
  /** The assembled reply, where the path is a known protocol's. */
  reply?: AssembledMessage;
}

/**
 * One message of a capture made over a WebSocket, as Chromium's DevTools keeps them in a
 * HAR (`_webSocketMessages`), but timed as the capture's other times are.
 */
export interface CapturedWebSocketMessage {
  /** `send`: the app's, to the upstream; `receive`: the upstream's, to the app. */
  type: 'send' | 'receive';
  /**
   * ms since the request reached Sluice. Below 0: a message of the same connection that
   * came after its last response ended, before the request this capture is of.
   */
  at: number;
  /** The frame's opcode: 1 text, 2 binary. */
  opcode: 1 | 2;
  /** A text message as it came (secrets redacted); a binary one in base64. */
  data: string;
}

/**
 * What a capture made over a WebSocket carried. The Responses API's WebSocket mode sends
 * one response after another on one connection: each is a capture of its own, from the
 * app's `response.create` to the upstream's last event (docs/contract.md "WebSockets").
 */
export interface CapturedWebSocket {
  messages: CapturedWebSocketMessage[];
  /** Messages past the bound (SLUICE_MAX_REPLY_BYTES) were passed on but not kept. */
  truncated: boolean;
  /** How the connection closed, when it did during this capture: who closed it first, its code and reason. */
  close?: { by: 'app' | 'upstream'; code: number; reason: string };
}

/** `GET /api/captures`' query: each filter narrows the list; `before` (a page's `next`) pages back. */
export interface CaptureQuery {
  provider?: string;
  status?: CaptureStatus;
  /** The model the request named, exactly. */
  model?: string;
  /** Words in the path, the model, the request's body or the reply's text. */
  q?: string;
  /** The run's captures only. */
  run?: string;
  /** A page's cursor: captures older than this one. */
  before?: string;
  /** 1–200, default 50. */
  limit?: number;
}

export interface CapturePage {
  items: CaptureSummary[];
  /** Pass as `?before=` for the next (older) page. */
  next?: string;
}

/** A provider, and a model its requests named, that occur among the captures: the Traffic page's filters offer these. */
export interface CaptureFacet {
  provider: string;
  model?: string;
}

/** The live feed's one event (`GET /api/captures/live`): a capture that appeared or changed, or one deleted. */
export type CaptureFeedEvent = { type: 'capture'; capture: CaptureSummary } | { type: 'deleted'; id: string };

/**
 * A capture as a conversation to open: "Open in chat" (`/?capture={id}`) and "Race this
 * prompt" (`/race?capture={id}`). Its request read back by its protocol (messages,
 * system prompt, tools, parameters) and, for the chat, the reply it got.
 */
export interface CapturedChat {
  captureId: string;
  /**
   * The captured request's method and path (as the capture lists them) and when it
   * reached Sluice: a race says where its prompt came from. Always set by the server.
   */
  method?: string;
  path?: string;
  startedAt?: string;
  provider: string;
  model: string;
  protocol: ProtocolId;
  messages: ChatMessage[];
  params: ChatParams;
  /** The assembled reply, when the capture has one, with its figures as the server measured them. */
  reply?: AssembledMessage;
  timings: CaptureTimings;
}
