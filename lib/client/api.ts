/**
 * The browser's calls to the BFF, one function per route, typed by the contract in
 * lib/api. Every failure is an ApiCallError carrying the server's own error body.
 */
import type { CaptureDetail, CapturePage, CaptureQuery } from '@/lib/api/captures';
import type { ChatRequestBody } from '@/lib/api/chat';
import type { NewCompareBody, RenameBody } from '@/lib/api/conversation-requests';
import type {
  CompareSession,
  Conversation,
  ConversationPage,
  ConversationSummary,
  StoredEvents,
  StoredMessage,
} from '@/lib/api/conversations';
import type { BlindSeat, BlindState, BlindVerdict, BlindVote, BlindVoteBody } from '@/lib/api/blind';
import type { ApiErrorBody } from '@/lib/api/errors';
import type { RunDetail, RunDiff, RunPage } from '@/lib/api/runs';
import type { StopAnswer, StreamTimes } from '@/lib/api/streams';
import type { CreatedShare, NewShareBody, ShareSummary } from '@/lib/api/shares';

export class ApiCallError extends Error {
  override name = 'ApiCallError';
  constructor(
    /** The HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** The error body's type (`not_found`, `upstream_error` …), or `network` / `error`. */
    readonly type: string,
    message: string,
    /** The upstream's own error body, as the server passed it on (`upstreamBody`): an HTML page is shown from it. */
    readonly upstreamBody?: string,
    /** The server kept only the start of that body (`upstreamBodyTruncated`). */
    readonly upstreamBodyTruncated?: boolean,
    /** The upstream's own status (`upstreamStatus`): a 5xx of its own is answered 502. */
    readonly upstreamStatus?: number,
  ) {
    super(message);
  }
}

/** The BFF's JSON error from a failed response, or what can be said without it. */
export async function readApiError(response: Response): Promise<ApiCallError> {
  try {
    const body = (await response.json()) as Partial<ApiErrorBody>;
    const upstreamBody = body.error?.upstreamBody;
    return new ApiCallError(
      response.status,
      body.error?.type ?? 'error',
      body.error?.message ?? response.statusText,
      typeof upstreamBody === 'string' ? upstreamBody : undefined,
      body.error?.upstreamBodyTruncated === true,
      typeof body.error?.upstreamStatus === 'number' ? body.error.upstreamStatus : undefined,
    );
  } catch {
    return new ApiCallError(response.status, 'error', `HTTP ${response.status} ${response.statusText}`);
  }
}

async function call<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, ...rest } = init;
  const response = await fetch(
    path,
    json === undefined ? rest : { ...rest, headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) },
  );
  if (!response.ok) throw await readApiError(response);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

const conversation = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;
const capture = (id: string) => `/api/captures/${encodeURIComponent(id)}`;

/** A capture as a HAR 1.2 file: a link's address (the server names the download). */
export const captureHarPath = (id: string) => `${capture(id)}/har`;

const run = (id: string) => `/api/runs/${encodeURIComponent(id)}`;

/** A run as one HAR 1.2 file, every exchange in order: a link's address. */
export const runHarPath = (id: string) => `${run(id)}/har`;

export const api = {
  listConversations(options: { query?: string; cursor?: string; limit: number }): Promise<ConversationPage> {
    const params = new URLSearchParams({ limit: String(options.limit) });
    if (options.query) params.set('q', options.query);
    if (options.cursor) params.set('cursor', options.cursor);
    return call(`/api/conversations?${params}`);
  },
  renameConversation: (id: string, title: string) =>
    call<ConversationSummary>(conversation(id), { method: 'PATCH', json: { title } satisfies RenameBody }),
  deleteConversation: (id: string) => call<void>(conversation(id), { method: 'DELETE' }),
  forkConversation: (id: string) => call<ConversationSummary>(`${conversation(id)}/fork`, { method: 'POST' }),
  /** A conversation as it shows now: its path, each message's versions. */
  getConversation: (id: string) => call<Conversation>(conversation(id)),
  /** Shows this version of its turn; the conversation as it then shows. */
  showVersion: (id: string, messageId: string) =>
    call<Conversation>(`${conversation(id)}/messages/${encodeURIComponent(messageId)}/show`, { method: 'POST' }),
  /** One message as stored (a reply's figures on the server's clock, its cost); null when there is none. */
  async storedMessage(conversationId: string, messageId: string): Promise<StoredMessage | null> {
    try {
      return await call<StoredMessage>(`${conversation(conversationId)}/messages/${encodeURIComponent(messageId)}`);
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 404) return null;
      throw error;
    }
  },
  /** A stored reply's raw stream; null when it has none. */
  async replyEvents(conversationId: string, replyId: string): Promise<StoredEvents | null> {
    try {
      return await call<StoredEvents>(`${conversation(conversationId)}/messages/${encodeURIComponent(replyId)}/events`);
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 404) return null;
      throw error;
    }
  },
  /** `blind`: the pool of a blind race, which the server seats; the answer names only the labels. */
  createCompare: (title: string, blind?: BlindSeat[]) =>
    call<ConversationSummary & { blindState?: BlindState }>('/api/compares', {
      method: 'POST',
      json: { title, ...(blind ? { blind } : {}) } satisfies NewCompareBody,
    }),
  compare: (id: string) => call<CompareSession>(`/api/compares/${encodeURIComponent(id)}`),
  /** A snapshot behind a new link: the answer is the one time its token is seen. */
  createShare: (body: NewShareBody) => call<CreatedShare>('/api/shares', { method: 'POST', json: body }),
  /** The caller's own shares, newest first, without their tokens. */
  listShares: () => call<{ shares: ShareSummary[] }>('/api/shares'),
  revokeShare: (id: string) => call<void>(`/api/shares/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  /** Votes on a blind race: the answer names its panes. */
  voteBlind: (id: string, verdict: BlindVerdict) =>
    call<BlindVote>(`/api/compares/${encodeURIComponent(id)}/vote`, {
      method: 'POST',
      json: { verdict } satisfies BlindVoteBody,
    }),
  /**
   * Starts a streamed reply: the response itself, failed or not (its headers name the
   * conversation either way: read a failure with readApiError). Throws an ApiCallError
   * of type `network` when the server cannot be reached, or the abort when stopped.
   */
  startChat(body: ChatRequestBody, signal?: AbortSignal): Promise<Response> {
    return reach('/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  },
  /** A reply's stream from byte `from` on (the response itself: a 404 once it is no longer live). */
  joinStream: (streamId: string, from: number, signal?: AbortSignal) =>
    reach(`${stream(streamId)}/stream?from=${from}`, { signal }),
  /** When the server received each chunk of a reply's stream from byte `from` on. */
  streamTimes: (streamId: string, from: number) => call<StreamTimes>(`${stream(streamId)}/times?from=${from}`),
  /** A reply's whole upstream request body, when its upstream marker carried only its start (a 404 otherwise). */
  upstreamBody: (streamId: string) => call<unknown>(`${stream(streamId)}/upstream-body`),
  /** Stops a reply wherever it runs, by its stream id (or, before its headers came, by its requestId). */
  stopChat: (streamId: string) => call<StopAnswer>(`${stream(streamId)}/stop`, { method: 'POST' }),
  /** The recording proxy's captures, newest first, filtered, a page at a time. */
  listCaptures(query: CaptureQuery): Promise<CapturePage> {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
    return call(`/api/captures?${params}`);
  },
  /** One capture whole; null once it is gone (deleted, or past the retention). */
  async capture(id: string): Promise<CaptureDetail | null> {
    try {
      return await call<CaptureDetail>(capture(id));
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 404) return null;
      throw error;
    }
  },
  /** Deletes a capture; one already gone (another tab, the retention) counts as deleted. */
  async deleteCapture(id: string): Promise<void> {
    try {
      await call<void>(capture(id), { method: 'DELETE' });
    } catch (error) {
      if (!(error instanceof ApiCallError && error.status === 404)) throw error;
    }
  },
  /** The captures' live feed: a CaptureFeedEvent per `data:` line (the browser's EventSource, which its caller reopens). */
  captureFeed: () => new EventSource('/api/captures/live'),
  /** The caller's agent runs, newest first: `q` words in the name, `before` a page's `next`. */
  listRuns(query: { q?: string; before?: string; limit?: number }): Promise<RunPage> {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
    return call(`/api/runs?${params}`);
  },
  /** One run whole: its steps, their context and cache figures, the cache's breaks. */
  run: (id: string) => call<RunDetail>(run(id)),
  /** Two runs lined up: the first divergence, the aligned steps, the figures B − A. */
  runDiff: (a: string, b: string) => call<RunDiff>(`/api/runs/diff?${new URLSearchParams({ a, b })}`),
  /** "Replay this run offline": a cassette of its exchanges; a 409 (name taken, nothing ended whole) is an ApiCallError. */
  runCassette: (id: string, name?: string) =>
    call<{ name: string; entries: number }>(`${run(id)}/cassette`, { method: 'POST', json: name ? { name } : {} }),
};

const stream = (id: string) => `/api/chat/${encodeURIComponent(id)}`;

/** A fetch whose failure to reach the server is an ApiCallError of type `network`; an abort is rethrown as it is. */
async function reach(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiCallError(0, 'network', `Cannot reach the Sluice server: ${(error as Error).message}`);
  }
}
