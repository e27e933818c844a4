import 'server-only';
import type { CreatedShare, ForkedShare, NewShareBody, ShareSummary } from '@/lib/api/shares';
import type { User } from '@/lib/api/users';
import { currentUser, signInRequired } from '@/lib/server/auth/current-user';
import { isSignInRequired } from '@/lib/server/auth/identity';
import { ApiError } from '@/lib/server/http/errors';
import { uuidv7 } from '@/lib/server/platform/ids';
import { store } from '@/lib/server/store';
import { forkRows } from './fork';
import type { OpenShare } from '@/lib/server/store/share-store';
import { takeSnapshot } from './snapshot';
import { isShareToken, newShareToken, sharePath, shareTokenHash } from './token';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A share of what the body names, made now; its token is in the answer and nowhere else. */
export async function createShare(user: User, body: NewShareBody): Promise<CreatedShare> {
  const { title, json } = await takeSnapshot(user, body);
  const token = newShareToken();
  const share = await (
    await store()
  ).shares.create({
    id: uuidv7(),
    tokenHash: shareTokenHash(token),
    ownerId: user.id,
    kind: body.kind,
    title,
    snapshotJson: json,
    ...(body.expiresInDays ? { expiresAt: new Date(Date.now() + body.expiresInDays * DAY_MS) } : {}),
    signedInOnly: body.signedInOnly ?? false,
  });
  return { ...share, token, url: sharePath(token) };
}

export async function listShares(user: User): Promise<ShareSummary[]> {
  return (await store()).shares.list(user.id);
}

export const shareNotFound = (id: string) => new ApiError(404, 'not_found', `Unknown share "${id.slice(0, 100)}".`);

/** Revokes one of the caller's shares; another user's is the same 404 as none. */
export async function revokeShare(user: User, id: string): Promise<void> {
  if (!(await (await store()).shares.revoke(user.id, id))) throw shareNotFound(id);
}

/**
 * The share a token opens for this request, or undefined: unknown, revoked, expired, or
 * signed-in only and the request is not signed in all look the same to the visitor (a
 * plain 404), so a link says nothing about whether it ever existed. Without sign-in
 * (SLUICE_AUTH=none) everyone is the one local user, signed in.
 */
export async function openShare(token: string, headers: Headers): Promise<OpenShare | undefined> {
  if (!isShareToken(token)) return undefined;
  const share = await (await store()).shares.open(shareTokenHash(token));
  if (!share?.signedInOnly || !signInRequired()) return share;
  try {
    await currentUser(headers);
    return share;
  } catch (error) {
    // By name: another route's bundle may have thrown it (identity.ts).
    if (isSignInRequired(error)) return undefined;
    throw error;
  }
}

/** A share copied into the caller's own conversations: a chat, or a compare session; a diff cannot be (409). */
export async function forkShare(user: User, token: string, headers: Headers): Promise<ForkedShare> {
  const share = await openShare(token, headers);
  if (!share) throw new ApiError(404, 'not_found', 'Unknown share.');
  const fork = forkRows(user.id, share);
  if (!fork) throw new ApiError(409, 'conflict', 'A diff is two replies, not a conversation: it cannot be copied into one.');
  await (await store()).shares.writeFork(fork.rows);
  return { id: fork.id, kind: fork.kind, url: fork.kind === 'chat' ? `/c/${fork.id}` : `/race/${fork.id}` };
}
