import { storedFigures } from '@/lib/figures/stored-reply';
import { api } from '../api';
import { patchReplies, useMessagePool } from '../thread/message-pool';
import { storedReplyId } from '../thread/ui-message';
import { paneOf, raceSeries, useCompareStore } from './compare-store';
import { storedRace } from './stored-series';

/** How long the stream's own settling (stream-reply.ts) is given: the server waits up to 3 s for the reply's final write. */
const SETTLE_WAIT_MS = 5000;
/** Then the stored reply is asked for again, after each of these waits, while the server has not finished writing it. */
const RETRY_MS = [1000, 2000, 4000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves true once reply `id`'s figures are the server's (settled), false after `waitMs` or once it is gone. */
function whenSettled(id: string, waitMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let unsubscribe = () => {};
    const finish = (settled: boolean) => {
      unsubscribe();
      clearTimeout(timer);
      resolve(settled);
    };
    const check = () => {
      const m = useMessagePool.getState().messages[id];
      if (m?.role !== 'assistant') finish(false);
      else if (m.figures.settled) finish(true);
    };
    const timer = setTimeout(() => finish(false), waitMs);
    unsubscribe = useMessagePool.subscribe(check);
    check();
  });
}

/**
 * The reply's figures as the server stored them: the stream asks once as it ends, and
 * gives up when the server has not finished writing the reply within its wait (four
 * panes ending together on a busy machine); then they are asked for again here.
 */
async function settleFigures(conversationId: string, id: string, serverId: string): Promise<boolean> {
  if (await whenSettled(id, SETTLE_WAIT_MS)) return true;
  for (const wait of RETRY_MS) {
    const stored = await api.storedMessage(conversationId, serverId).catch(() => null);
    if (stored?.role === 'assistant' && 'timings' in stored && stored.status !== 'streaming') {
      if (useMessagePool.getState().messages[id]?.role !== 'assistant') return false;
      patchReplies(new Map([[id, { figures: storedFigures(stored.timings) }]]));
      return true;
    }
    await sleep(wait);
  }
  return false;
}

/** The pane still shows this reply as its latest, and is not running another. */
const stillShows = (key: string, id: string) => {
  const pane = paneOf(key);
  return pane !== undefined && !pane.streaming && pane.order.at(-1) === id;
};

/**
 * One clock for the race: once a pane's reply has ended and the server has stored it,
 * its figures become the server's (the bars' time to first token, speed and cost), and
 * its line in the chart the one read from its stored event log, in place of the page's
 * own reading. Live, the page times each byte as it read it, the server as it received
 * it, both from the request reaching the server (the answer's headers say where the
 * server's clock stood: stream-reply.ts); they differ by how much later a byte reached
 * the page than its headers did. Until then the bars and the legend mark them "≈".
 */
export async function settlePaneRace(key: string, id: string): Promise<void> {
  const conversationId = paneOf(key)?.conversationId;
  const reply = useMessagePool.getState().messages[id];
  // The server knows a reply streamed here by its stream's id, not the page's.
  const serverId = reply?.role === 'assistant' ? storedReplyId(reply) : undefined;
  if (!conversationId || !serverId || !(await settleFigures(conversationId, id, serverId)) || !stillShows(key, id)) return;
  const m = useMessagePool.getState().messages[id];
  if (m?.role !== 'assistant' || !m.protocol) return;
  const series = await storedRace(conversationId, serverId, m.protocol, m);
  if (!series || !stillShows(key, id)) return;
  raceSeries.set(key, series);
  useCompareStore.setState((s) => ({ settledRaces: (s.settledRaces ?? 0) + 1 }));
}
