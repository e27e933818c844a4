import { StreamReader } from '@/lib/assemble/stream-reader';
import type { ProtocolId } from '@/lib/protocols/ids';
import { api } from '../api';
import { useMessagePool } from '../thread/message-pool';
import { paneOf, raceSeries, useCompareStore } from './compare-store';
import { RaceSeries, usageTokens } from './race-series';
import type { UiMessage } from '../thread/ui-message';

/**
 * A stored reply's race, read again from its stored event log: each chunk's receive
 * time on the server and the output's tokens read by then (estimated from its text,
 * ending at the reply's own count when it has one), through the same reader the
 * stream used. The live series is the page's own record and is gone after a reload;
 * the stored log is the one record of how the reply came in (a stall included).
 */
async function storedSeries(
  conversationId: string,
  replyId: string,
  protocol: ProtocolId,
  outputTokens: number | undefined,
): Promise<RaceSeries | undefined> {
  const events = await api.replyEvents(conversationId, replyId);
  if (!events?.items.length) return undefined;
  const reader = new StreamReader(protocol);
  const series = new RaceSeries();
  for (const { raw, at } of events.items) {
    reader.push(raw, at);
    series.add(at, reader.outputTokens);
  }
  series.settle(outputTokens);
  series.stored = true;
  return series;
}

/** The protocol of a pane's latest reply, when it is stored and over (its log is then in the store). */
function storedProtocol(replyId: string | undefined): ProtocolId | undefined {
  const m = replyId ? useMessagePool.getState().messages[replyId] : undefined;
  return m?.role === 'assistant' && m.stored && m.reply.status !== 'streaming' ? m.protocol : undefined;
}

/** Each reply's log asked for once, however many times the chart asks (its effects run again as panes change). */
const asked = new Map<string, Promise<RaceSeries | undefined>>();

/**
 * A stored reply's race (`replyId` the server's id of it), read once; undefined when its
 * log cannot be read (its line is then left out). `reply`: the page's message of it,
 * whose usage ends the line.
 */
export function storedRace(
  conversationId: string,
  replyId: string,
  protocol: ProtocolId,
  reply: UiMessage | undefined,
): Promise<RaceSeries | undefined> {
  let series = asked.get(replyId);
  if (!series)
    asked.set(replyId, (series = storedSeries(conversationId, replyId, protocol, usageTokens(reply)).catch(() => undefined)));
  return series;
}

/**
 * Fills in the race of every pane that has none on this page (a session reopened): its
 * latest reply's, from the store. A pane that moved on meanwhile (a new reply, a retry)
 * keeps its own.
 */
export async function loadStoredRaces(): Promise<void> {
  const wanted = useCompareStore.getState().panes.flatMap(({ key, order, conversationId }) => {
    const replyId = order.at(-1);
    const protocol = storedProtocol(replyId);
    return !raceSeries.has(key) && conversationId && replyId && protocol ? [{ key, conversationId, replyId, protocol }] : [];
  });
  await Promise.all(
    wanted.map(async ({ key, conversationId, replyId, protocol }) => {
      // A log that cannot be read leaves its line out of the chart; the bars still give its figures.
      const found = await storedRace(conversationId, replyId, protocol, useMessagePool.getState().messages[replyId]);
      const pane = paneOf(key);
      if (found && !pane?.streaming && pane?.order.at(-1) === replyId && !raceSeries.has(key)) raceSeries.set(key, found);
    }),
  );
}
