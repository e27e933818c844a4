import { totalCost } from '@/lib/pricing/cost';
import { useCompareStore } from './compare-store';
import { useMessagePool } from '../thread/message-pool';
import { replySummary, type ReplySummary } from '../thread/reply-figures';

type Turn = { role: 'user'; text: string } | (ReplySummary & { role: 'assistant'; text: string });

/** A compare session as a file: each pane's model and turns, every reply with its text, figures and cost, and the session's total. */
export interface SessionExport {
  kind: 'sluice-compare-session';
  compareId?: string;
  exportedAt: string;
  panes: { pane: number; provider?: string; model?: string; conversationId?: string; turns: Turn[] }[];
  total: ReturnType<typeof totalCost>;
}

/** The session as it stands now (read once, no subscription). */
export function exportSession(now = new Date()): SessionExport {
  const { compareId, panes } = useCompareStore.getState();
  const { messages } = useMessagePool.getState();
  const replies: ReplySummary[] = [];
  return {
    kind: 'sluice-compare-session',
    ...(compareId ? { compareId } : {}),
    exportedAt: now.toISOString(),
    panes: panes.map((pane, i) => ({
      pane: i + 1,
      provider: pane.provider,
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
    total: totalCost(replies.map((r) => ({ usage: r.usage, pricing: r.pricing }))),
  };
}
