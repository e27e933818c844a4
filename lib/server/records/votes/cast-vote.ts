import 'server-only';
import type { User } from '@/lib/api/users';
import { labelOf, type BlindVerdict, type BlindVote } from '@/lib/api/blind';
import { storedFields, type Conversation, type StoredMessage } from '@/lib/api/conversations';
import type { VotePane } from '@/lib/api/votes';
import { emptyMessage } from '@/lib/assemble/message';
import { replySummary } from '@/lib/assemble/reply-summary';
import { textOf } from '@/lib/protocols/conversation';
import { repliesSettled } from '@/lib/server/store/settling-replies';
import { compareNotFound } from '@/lib/server/http/not-found';
import { ApiError } from '@/lib/server/http/errors';
import { isUuid } from '@/lib/server/platform/ids';
import { store } from '@/lib/server/store';
import { seatNames } from '@/lib/server/views/blind/seating';
import { findSelfNaming, selfNamingReason } from './self-naming';

type StoredReplyMessage = Extract<StoredMessage, { role: 'assistant'; provider: string }>;

/** A pane's last reply, when it has one that came from a stream here. */
function lastReply(pane: Conversation | undefined): StoredReplyMessage | undefined {
  const last = pane?.messages.findLast((m) => m.role === 'assistant');
  return last && 'provider' in last ? last : undefined;
}

/** A reply as the vote keeps it: who wrote it, what it said, its figures as the diff page reckons them. */
function votePane(label: string, reply: StoredReplyMessage): VotePane {
  const figures = replySummary({
    provider: reply.provider,
    model: reply.model,
    pricing: reply.pricing,
    reply: { ...emptyMessage(reply.status), ...storedFields(reply) },
    // The server's times, as the page reads a stored reply's (settled).
    figures: { ...reply.timings, settled: true },
  });
  return {
    label,
    provider: reply.provider,
    model: reply.model,
    messageId: reply.id,
    reply: reply.text,
    figures: { ...figures, ...(reply.rawFinishReason ? { finishReason: reply.rawFinishReason } : {}) },
  };
}

/**
 * POST /api/compares/{id}/vote: judges a blind race once every pane's reply has ended.
 * The panes are read here, from the store (the prompt, each reply and its figures), not
 * taken from the page; a reply that names a model or a provider marks the vote
 * non-blind, and says which. The vote is kept with the session (it reveals the names
 * wherever the session is read) and recorded for the leaderboard. A second vote is
 * refused (409): the first one was cast blind, any later one would not be.
 */
export async function castBlindVote(user: User, id: string, verdict: BlindVerdict): Promise<BlindVote> {
  if (!isUuid(id)) throw compareNotFound(id);
  await repliesSettled();
  const db = await store();
  if (!(await db.conversationExists(id, 'compare', user.id))) throw compareNotFound(id);
  const [session, seating] = await Promise.all([db.getCompare(id), db.blindSeating(id)]);
  if (!session) throw compareNotFound(id);
  if (!seating) throw new ApiError(400, 'invalid_request', 'Only a blind race is voted on: this session names its models.');
  if (seating.vote) throw new ApiError(409, 'conflict', 'This blind race has its vote already.');
  const labels = seating.seats.map((_, i) => labelOf(i));
  if (verdict.kind === 'best' && !labels.includes(verdict.label))
    throw new ApiError(400, 'invalid_request', `"${verdict.label}" is none of this race's panes (${labels.join(', ')}).`);

  const replies = seating.seats.map((_, i) => lastReply(session.panes.find((p) => p.compare?.pane === i)));
  if (replies.some((r) => !r || r.status === 'streaming'))
    throw new ApiError(409, 'conflict', 'Every pane needs a reply that has ended before the vote.');
  const panes = replies.map((reply, i) => votePane(labels[i]!, reply!));
  const named = findSelfNaming(
    replies.map((reply, i) => ({ label: labels[i]!, text: [reply!.thinking, reply!.text, reply!.refusal ?? ''].join('\n') })),
    seating.seats.flatMap(seatNames),
  );
  const prompt = session.panes[0]?.messages.findLast((m) => m.role === 'user');
  const vote: BlindVote = {
    verdict,
    blind: !named,
    nonBlindReason: named ? selfNamingReason(named) : null,
    votedAt: new Date().toISOString(),
    panes: panes.map(({ label, provider, model }) => ({ label, provider, model })),
  };
  // The session's vote first: of two at once, one finds the other's here and is refused.
  if (!(await db.castBlindVote(id, vote))) throw new ApiError(409, 'conflict', 'This blind race has its vote already.');
  await db.votes.recordVote(
    {
      compareId: id,
      prompt: prompt && prompt.role === 'user' ? textOf({ role: 'user', content: prompt.content }) : '',
      verdict,
      blind: vote.blind,
      nonBlindReason: vote.nonBlindReason,
      panes,
    },
    user.id,
  );
  return vote;
}
