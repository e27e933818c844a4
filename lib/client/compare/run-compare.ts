import { titleFrom } from '@/lib/conversation-title';
import type { CapturedChat } from '@/lib/api/captures';
import type { CompareSession } from '@/lib/api/conversations';
import { api } from '../api';
import { MAX_PANES, MIN_PANES, newPane, paneOf, race, raceSeries, updatePane, useCompareStore, type Pane } from './compare-store';
import { firstOpening } from '../first-opening';
import { conversationActive, conversationIdle, refreshConversations } from '../history/conversation-list';
import { RaceSeries, usageTokens } from './race-series';
import { settlePaneRace } from './settle-race';
import { uiMessagesFromRequest, uiMessagesOf } from '../thread/from-stored';
import { putMessage, resetPool } from '../thread/message-pool';
import { poolHost } from '../thread/pool-host';
import { createThreadRunner, type ThreadRunner, type ToolResult } from '../thread/thread-runner';
import { capturedPrompt } from '../traffic/captured-thread';
import { BLIND_PROVIDER, type BlindSeat, type BlindVerdict } from '@/lib/api/blind';
import { forgetLiveLog } from '../stream/live-logs';
import { getQueryClient } from '../query-client';

const newId = () => crypto.randomUUID();

/** Each pane is a thread of its own, run by its own runner (made when first needed). */
const runners = new Map<string, ThreadRunner>();

function paneRunner(key: string): ThreadRunner {
  let runner = runners.get(key);
  if (!runner) {
    runner = createThreadRunner({
      ...poolHost,
      read: () => paneOf(key),
      write: (patch) => updatePane(key, patch),
      extras: () => {
        const { params } = useCompareStore.getState();
        return params ? { params } : {};
      },
      // A pane's first turn starts its conversation as the session's pane.
      firstTurn: () => {
        const { compareId, panes } = useCompareStore.getState();
        return { compare: { id: compareId!, pane: panes.findIndex((p) => p.key === key) } };
      },
      track: () => {
        const series = new RaceSeries();
        raceSeries.set(key, series);
        race.running++;
        // Each pane's request starts in a task of its own: with all of them in the Send
        // handler, their fetches (about 2 ms each here) and the render of the new messages
        // made one long frame.
        const ready = new Promise((resolve) => setTimeout(resolve, 0));
        // Its times are the stream's own, from its request's start on the server's clock
        // (stream-reply.ts), as its stored log's are (stored-series.ts): shifted by when this page
        // started it, a race joined after a reload (shifted by the page's hydration) and the
        // same race reopened drew the line in two places.
        return {
          ready,
          onProgress: (at, tokens) => series.add(at, tokens),
          end: (reply) => {
            series.settle(usageTokens(reply));
            race.running--;
            // Then the server's figures and its stored race, on its one clock, as a reload shows them.
            if (reply) void settlePaneRace(key, reply.id);
          },
        };
      },
      afterRun: (ended) => {
        if (ended) sessionIdleOnceDone();
      },
    });
    runners.set(key, runner);
  }
  return runner;
}

type ModelChoice = { provider: string; model: string };

/** Replies still streaming go on, on the server: this page only stops reading them. */
function leaveRace(): void {
  runners.forEach((runner) => runner.detach());
  runners.clear();
  raceSeries.clear();
}

/** Opens a compare session (stored, or a new one with these models). */
export function openCompare(session: CompareSession | undefined, initial: ModelChoice[]): void {
  if (session && !firstOpening(session, useCompareStore.getState().compareId === session.id)) return;
  leaveRace();
  const stored = (session?.panes ?? []).map(uiMessagesOf);
  const blind = session?.blindState;
  const panes: Pane[] = session
    ? session.panes.map((c, i) => {
        const last = stored[i]!.findLast((m) => m.role === 'assistant');
        // A blind pane is its label until the vote, then the model the vote named.
        const seat = blind ? (blind.vote?.panes[i] ?? { provider: BLIND_PROVIDER, model: blind.labels[i] }) : undefined;
        const pane = seat
          ? newPane(seat.provider, seat.model)
          : last?.role === 'assistant'
            ? newPane(last.provider, last.model)
            : newPane();
        return { ...pane, conversationId: c.id, order: stored[i]!.map((m) => m.id) };
      })
    : initial.map((m) => newPane(m.provider, m.model));
  resetPool(stored.flat());
  useCompareStore.setState({ compareId: session?.id, panes, params: undefined, blind: Boolean(blind), vote: blind?.vote });
  // A race still running (a reload, a second tab) is picked up live, pane by pane.
  panes.forEach((pane, i) => {
    const last = stored[i]?.at(-1);
    if (last?.role === 'assistant' && last.reply.status === 'streaming') void paneRunner(pane.key).join(last.id);
  });
}

/**
 * Opens a new race from a capture ("Race this prompt" on a capture's page): the first pane
 * on the captured model, the second on another (`others`' first that differs), each with
 * the captured history (a copy of its own); its tools and parameters go with every pane.
 * The prompt (its last user message) waits in the composer.
 */
export function openCapturedCompare(captured: CapturedChat, others: ModelChoice[]): void {
  const { compareId, panes: shown } = useCompareStore.getState();
  if (!firstOpening(captured, compareId === undefined && shown.some((p) => p.order.length > 0))) return;
  leaveRace();
  const { history } = capturedPrompt(captured);
  const other = others.find((m) => m.provider !== captured.provider || m.model !== captured.model) ?? others[0];
  const choices = [{ provider: captured.provider, model: captured.model }, ...(other ? [other] : [])];
  const threads = choices.map(() => uiMessagesFromRequest(history));
  const panes = choices.map((m, i) => ({ ...newPane(m.provider, m.model), order: threads[i]!.map((u) => u.id) }));
  resetPool(threads.flat());
  useCompareStore.setState({ compareId: undefined, panes, params: captured.params, blind: false, vote: undefined });
}

export function addPane(): void {
  const { panes } = useCompareStore.getState();
  if (panes.length >= MAX_PANES) return;
  const last = panes.at(-1);
  useCompareStore.setState({ panes: [...panes, newPane(last?.provider, last?.model)] });
}

export function removePane(key: string): void {
  const { panes } = useCompareStore.getState();
  if (panes.length <= MIN_PANES) return;
  runners.get(key)?.stop();
  runners.delete(key);
  useCompareStore.setState({ panes: panes.filter((p) => p.key !== key) });
}

export function choosePaneModel(key: string, provider: string, model: string): void {
  updatePane(key, { provider, model });
}

/** A turn starts in the session: it goes to the top of the list, marked streaming (`title` names a new one). */
function sessionActive(title = ''): void {
  const { compareId } = useCompareStore.getState();
  if (compareId) conversationActive(compareId, title, 'compare');
}

/** The last pane's reply has ended here: the session's streaming mark goes (the list asked again after the turn confirms it). */
function sessionIdleOnceDone(): void {
  const { compareId, panes } = useCompareStore.getState();
  if (compareId && panes.every((p) => !p.streaming)) conversationIdle(compareId);
}

/** Sends one message to every pane at once; the first send creates the session (and moves the URL to it). */
export async function sendToAll(text: string): Promise<void> {
  const state = useCompareStore.getState();
  if (state.panes.some((p) => p.streaming) || state.panes.some((p) => !p.model)) return;
  const title = titleFrom(text);
  if (!state.compareId) {
    // A blind race's pool goes to the server, which seats it: from here on the page knows its panes by their labels only.
    const pool = state.blind ? state.panes.map((p): BlindSeat => ({ provider: p.provider!, model: p.model! })) : undefined;
    const { id, blindState } = await api.createCompare(title, pool);
    useCompareStore.setState((s) => ({
      compareId: id,
      panes: blindState ? s.panes.map((p, i) => ({ ...p, provider: BLIND_PROVIDER, model: blindState.labels[i] })) : s.panes,
    }));
    window.history.replaceState(null, '', `/race/${id}`);
  }
  sessionActive(title);
  raceSeries.clear();
  const panes = useCompareStore.getState().panes;
  for (const pane of panes) {
    const messageId = newId();
    putMessage({ id: messageId, role: 'user', content: text });
    updatePane(pane.key, (p) => ({ order: [...p.order, messageId] }));
  }
  await Promise.all(panes.map((p) => paneRunner(p.key).run()));
  void refreshConversations();
}

export function stopPane(key: string): void {
  runners.get(key)?.stop();
}

export function stopAll(): void {
  runners.forEach((runner) => runner.stop());
}

/** Runs a pane's last turn again: a new reply in place of its last one, which stays as another version. */
export function retryPane(key: string): void {
  if (paneOf(key)?.streaming) return;
  sessionActive();
  void paneRunner(key)
    .retryLast()
    .then(() => refreshConversations());
}

/** Shows another version of a pane's turn (its server id). */
export function showPaneVersion(key: string, versionId: string): Promise<boolean> {
  return paneOf(key)?.streaming ? Promise.resolve(false) : paneRunner(key).showVersion(versionId);
}

/** Answers a pane's tool calls, and its turn goes on. */
export function answerPaneToolCalls(key: string, results: ToolResult[]): void {
  if (paneOf(key)?.streaming) return;
  sessionActive();
  void paneRunner(key)
    .answerTools(results)
    .then(() => refreshConversations());
}

/** "Continue with this one": the pane's conversation, copied into a normal chat; resolves to its id. */
export async function continueWith(pane: Pane): Promise<string> {
  const { id } = await api.forkConversation(pane.conversationId!);
  void refreshConversations();
  return id;
}

/** The Blind switch, before the race starts: its panes are then seated by the server and known by letters until the vote. */
export function setBlind(on: boolean): void {
  if (useCompareStore.getState().compareId === undefined) useCompareStore.setState({ blind: on });
}

/**
 * Votes on the blind race. The answer names the panes, and the session is read again as
 * it now is (the real replies, their logs and figures), wherever the page shows it.
 */
export async function voteBlind(verdict: BlindVerdict): Promise<void> {
  const { compareId, panes } = useCompareStore.getState();
  if (!compareId) return;
  await api.voteBlind(compareId, verdict);
  const session = await api.compare(compareId);
  // The logs read so far were the neutral stream's: the real ones are read from the store now.
  panes.forEach((pane) => pane.order.forEach(forgetLiveLog));
  getQueryClient().removeQueries({ queryKey: ['events'] });
  openCompare(session, []);
  void refreshConversations();
}
