import { memo } from 'react';
import type { AssembledMessage } from '@/lib/assemble/message';
import type { ReplyFigures } from '@/lib/client/chat/chat-store';

const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);

/** Output tokens per second from the first token to the end, once both and the usage are known. */
export function outputRate(reply: AssembledMessage, figures: ReplyFigures): number | undefined {
  const out = reply.usage?.outputTokens;
  const generating = figures.end !== undefined && figures.firstToken !== undefined ? figures.end - figures.firstToken : undefined;
  return out !== undefined && generating && generating > 0 ? out / (generating / 1000) : undefined;
}

/** The figures known so far, as label and text: time to first token, tokens per second, total time, input and output tokens, finish reason (as the provider said it). */
function figureItems(reply: AssembledMessage, figures: ReplyFigures): [string, string][] {
  const out = reply.usage?.outputTokens;
  const rate = outputRate(reply, figures);
  return [
    figures.firstToken !== undefined ? ['TTFT', ms(figures.firstToken)] : undefined,
    rate !== undefined ? ['speed', `${rate.toFixed(1)} tok/s`] : undefined,
    figures.end !== undefined ? ['total', ms(figures.end)] : undefined,
    reply.usage?.inputTokens !== undefined ? ['in', String(reply.usage.inputTokens)] : undefined,
    out !== undefined ? ['out', String(out)] : undefined,
    reply.finishReason ? ['finish', reply.rawFinishReason ?? reply.finishReason] : undefined,
  ].filter((x): x is [string, string] => x !== undefined);
}

type FiguresProps = { reply: AssembledMessage; figures: ReplyFigures };
const sameFigures = (a: FiguresProps, b: FiguresProps) => figureItems(a.reply, a.figures).join('\n') === figureItems(b.reply, b.figures).join('\n');

/**
 * A reply's figures. It renders again only when their text changes: a streaming
 * reply's updates bring a new message each, and mostly leave its figures as they were.
 */
export const ReplyFiguresLine = memo(function ReplyFiguresLine({ reply, figures }: FiguresProps) {
  const items = figureItems(reply, figures);
  if (items.length === 0) return null;
  return (
    <dl aria-label="Reply figures" className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-zinc-500">
      {items.map(([k, v]) => (
        <div key={k} className="flex gap-1">
          <dt>{k}</dt>
          <dd className="font-mono text-zinc-700 dark:text-zinc-300">{v}</dd>
        </div>
      ))}
    </dl>
  );
}, sameFigures);
