import type { Usage } from '@/lib/protocols/events';
import type { MessageStatus } from './message';

/**
 * About four characters a token: a prompt's size in tokens when the upstream never says
 * it (a reply stopped before an OpenAI-style stream's last chunk). Only ever shown as an
 * estimate (`≈`); the simulator counts its input tokens the same way.
 */
export function textTokens(text: string): number {
  return Math.max(1, Math.round(text.length / 4));
}

/**
 * The usage to show, price and divide by time: the upstream's, once the reply reached
 * its end. Until then, and for a reply that never did (stopped, cut short, failed),
 * the upstream's count so far can lag far behind what streamed (Anthropic's
 * message_start says 1 output token until its message_delta, which a stopped reply
 * never gets): the events that carried tokens are a floor under it, and the figures
 * built on that floor are an estimate (`estimate`). A streaming reply's figures are
 * always an estimate; an ended one's only when the floor raised them.
 */
export function countedUsage(
  reply: { status: MessageStatus; usage?: Usage },
  tokenEvents = 0,
): { usage: Usage | undefined; estimate: boolean } {
  const { status, usage } = reply;
  if (status === 'complete' || !usage) return { usage, estimate: false };
  const said = usage.outputTokens ?? 0;
  if (tokenEvents <= said) return { usage, estimate: status === 'streaming' };
  const raised = tokenEvents - said;
  return {
    usage: {
      ...usage,
      outputTokens: tokenEvents,
      ...(usage.totalTokens !== undefined ? { totalTokens: usage.totalTokens + raised } : {}),
    },
    estimate: true,
  };
}
