import type { Usage } from '@/lib/protocols/events';
import type { MessageStatus } from './message';

/** About four characters a token, for every model alike: only ever shown as an estimate (`≈`). */
export const CHARS_PER_TOKEN = 4;

/**
 * A prompt's size in tokens when the upstream never says it (a reply stopped before an
 * OpenAI-style stream's last chunk), at CHARS_PER_TOKEN; the simulator counts its input
 * tokens the same way.
 */
export function textTokens(text: string): number {
  return Math.max(1, Math.round(text.length / CHARS_PER_TOKEN));
}

/**
 * The usage to show, price and divide by time: the upstream's, once the reply reached
 * its end. Until then, and for a reply that never did (stopped, cut short, failed),
 * the upstream's count so far can lag far behind what streamed, or be missing: Anthropic's
 * message_start says 1 output token until its message_delta, which a stopped reply never
 * gets; an OpenAI-style stream says its usage only in its last chunk, so a stopped one
 * has none. So, for every protocol alike, the events that carried tokens are a floor
 * under the output, and the BFF's estimate of the request (`inputTokensEstimate`) stands
 * for an input the upstream never said; the figures built on either are an estimate
 * (`estimate`; `inputEstimated` when the input is). A streaming reply's figures are
 * always an estimate; an ended one's only when the floor or the input estimate made them.
 */
export function countedUsage(
  reply: { status: MessageStatus; usage?: Usage; inputTokensEstimate?: number },
  tokenEvents = 0,
): { usage: Usage | undefined; estimate: boolean; inputEstimated: boolean } {
  const { status, usage, inputTokensEstimate } = reply;
  if (status === 'complete') return { usage, estimate: false, inputEstimated: false };
  const said = usage?.outputTokens ?? 0;
  const raised = Math.max(0, tokenEvents - said);
  const inputEstimated = usage?.inputTokens === undefined && inputTokensEstimate !== undefined;
  if (raised === 0 && !inputEstimated)
    return { usage, estimate: status === 'streaming' && usage !== undefined, inputEstimated: false };
  const added = raised + (inputEstimated ? inputTokensEstimate : 0);
  return {
    usage: {
      ...usage,
      ...(inputEstimated ? { inputTokens: inputTokensEstimate } : {}),
      outputTokens: said + raised,
      ...(usage?.totalTokens !== undefined ? { totalTokens: usage.totalTokens + added } : {}),
    },
    estimate: true,
    inputEstimated,
  };
}
