import 'server-only';
import type { User } from '@/lib/api/users';
import { protocolModule } from '@/lib/protocols/registry';
import { ApiError } from '@/lib/server/http/errors';
import { store } from '@/lib/server/store';
import type { UpstreamResponse } from '@/lib/server/streams/relay/http-client';
import { replyStreams } from './reply-streams';
import { ReplyRun } from './reply-run';
import { readChatRequest } from './request-body';
import { resolveTurn } from './resolve-turn';
import { streamAnswer } from './respond';

/**
 * POST /api/chat: validate, resolve the provider and the conversation, send the
 * upstream request while the user's turn is stored, and relay its bytes into the
 * reply's live stream, which this answer reads from its first byte. The reply runs to
 * its end whoever reads it (only a stop ends it sooner) and is stored as the server's
 * own copy of the stream assembles it, whatever the ending. A POST whose `requestId`
 * already has a stream reads that stream instead: a retried request never pays twice.
 */
export async function startChat(request: Request, _context: unknown, user: User): Promise<Response> {
  const requestStart = Date.now();
  const clockStart = performance.now();
  const body = await readChatRequest(request);
  const live = replyStreams();
  if (live.closing) throw new ApiError(503, 'server_stopping', 'The server is stopping; send again once it is back.');
  const db = await store();
  const resolved = await resolveTurn(db, body, user);
  const run = new ReplyRun(resolved, requestStart, clockStart, {
    messages: body.messages,
    traceparent: request.headers.get('traceparent'),
    tracestate: request.headers.get('tracestate'),
  });
  const acquired = await run.open(live, user, body.requestId);
  if (acquired.kind === 'attached') return (await streamAnswer(user, acquired.id))!;

  const { provider, model } = resolved;
  const upstreamRequest = protocolModule(provider.protocol).buildRequest({
    target: provider,
    model,
    messages: body.messages,
    params: body.params,
  });
  run.prepareStore(db, upstreamRequest);
  let upstream: UpstreamResponse;
  try {
    upstream = await run.send(upstreamRequest);
  } catch (thrown) {
    return run.failedBeforeStreaming(thrown, user);
  }
  run.relayAnswer(upstreamRequest, upstream);
  const answer = (await streamAnswer(user, run.id))!;
  // After this handler returns, Next.js writes the answer's first bytes in the same turn of the event loop.
  setImmediate(() => run.beginTurn());
  return answer;
}
