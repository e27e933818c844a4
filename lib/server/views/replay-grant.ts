import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { processSingleton } from '@/lib/server/platform/process-singleton';

/**
 * `/replay/{id}` serves a recording as an upstream, to this server's own relay (the
 * replay provider's requests) and to a user's tests. With sign-in on, its relay proves
 * the recording was checked as the caller's when the chat was asked for: a grant, an
 * HMAC of the id under a secret made when the process started (the replay provider's
 * upstream is this same process). Anything else must name its user (a personal token).
 */
export const REPLAY_GRANT_HEADER = 'x-sluice-replay-grant';
// On globalThis: the chat route (which grants) and the lean path (which serves /replay)
// are bundled apart by Next.js, each with its own module state.
const SECRET = processSingleton('replay-grant-secret', () => randomBytes(32));

const grantOf = (id: string) => createHmac('sha256', SECRET).update(id).digest('base64url');

/** The header the relay sends to replay `id`, once the caller was found to own it. */
export function replayGrant(id: string): Record<string, string> {
  return { [REPLAY_GRANT_HEADER]: grantOf(id) };
}

/** True when the request carries this process' grant for `id`. */
export function hasReplayGrant(headers: IncomingHttpHeaders, id: string): boolean {
  const given = headers[REPLAY_GRANT_HEADER];
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(grantOf(id));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
