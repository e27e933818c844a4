import { totalCost } from '@/lib/pricing/cost';
import { fileStamp, uuidv7Time } from '@/lib/api/file-names';
import type { PublicProvider } from '@/lib/api/providers';
import { replySummary, type ReplySummary } from '@/lib/assemble/reply-summary';
import { useCompareStore } from './compare-store';
import { sessionPaneNames } from './pane-names';
import { useMessagePool } from '../thread/message-pool';

type Turn = { role: 'user'; text: string } | (ReplySummary & { role: 'assistant'; text: string });

/**
 * A compare session as a file: each pane's provider and model and turns, every reply
 * with its text, figures and cost, and the session's total. `name` is the pane as the
 * page names it ("sim-openai · sim-markdown"), `providerName` its provider's own name.
 */
export interface SessionExport {
  kind: 'sluice-compare-session';
  compareId?: string;
  exportedAt: string;
  panes: {
    pane: number;
    name: string;
    provider?: string;
    providerName?: string;
    model?: string;
    conversationId?: string;
    turns: Turn[];
  }[];
  total: ReturnType<typeof totalCost>;
}

/**
 * The session's file name, by the race's own start (its id, a UUIDv7, says when), as a
 * capture's and a run's exports are named (lib/api/file-names.ts), never the export's
 * moment: "sluice-race-2026-11-28T05-08-19Z-{id}.json".
 */
export function sessionFileName(compareId: string | undefined): string {
  const at = compareId ? uuidv7Time(compareId) : undefined;
  return `${['sluice-race', at !== undefined ? fileStamp(at) : undefined, compareId].filter(Boolean).join('-')}.json`;
}

/** The session as it stands now (read once, no subscription). */
export function exportSession(providers: readonly PublicProvider[], now = new Date()): SessionExport {
  const state = useCompareStore.getState();
  const { compareId, panes } = state;
  const names = sessionPaneNames(state);
  const { messages } = useMessagePool.getState();
  const replies: ReplySummary[] = [];
  return {
    kind: 'sluice-compare-session',
    ...(compareId ? { compareId } : {}),
    exportedAt: now.toISOString(),
    panes: panes.map((pane, i) => ({
      pane: i + 1,
      name: names[i]!,
      provider: pane.provider,
      providerName: providers.find((p) => p.id === pane.provider)?.name,
      model: pane.model,
      conversationId: pane.conversationId,
      turns: pane.order.flatMap((id): Turn[] => {
        const m = messages[id];
        if (m?.role === 'user') return [{ role: 'user', text: m.content }];
        if (m?.role !== 'assistant') return [];
        const summary = replySummary(m);
        replies.push(summary);
        return [{ ...summary, role: 'assistant', text: m.reply.text }];
      }),
    })),
    total: totalCost(replies.map((r) => ({ usage: r.usage, pricing: r.pricing, estimate: r.usageEstimated }))),
  };
}
