import { memo } from 'react';
import type { AssembledMessage } from '@/lib/assemble/message';
import type { ReplyFigures } from '@/lib/figures/reply-figures';
import type { ModelPricing } from '@/lib/pricing/cost';
import { figureItems } from '../../lib/figures/figure-items';

type FiguresProps = { reply: AssembledMessage; figures: ReplyFigures; pricing?: ModelPricing | null };

/** Each props object's figures, worked out once: the comparison and the render both need them, at every streaming update. */
const figuresOf = new WeakMap<FiguresProps, { items: [string, string][]; text: string }>();
function figuresFor(props: FiguresProps): { items: [string, string][]; text: string } {
  let known = figuresOf.get(props);
  if (!known) {
    const items = figureItems(props.reply, props.figures, props.pricing);
    known = { items, text: items.join('\n') };
    figuresOf.set(props, known);
  }
  return known;
}

/**
 * A reply's figures. It renders again only when their text changes, or their clock: a
 * streaming reply's updates bring a new message each, and leave most of its figures as
 * they were. `data-clock` says whose times they are, the page's or the server's (which
 * may read the same).
 */
export const ReplyFiguresLine = memo(
  function ReplyFiguresLine(props: FiguresProps) {
    const { items } = figuresFor(props);
    if (items.length === 0) return null;
    return (
      <dl
        aria-label="Reply figures"
        data-clock={props.figures.settled ? 'server' : 'page'}
        className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400"
      >
        {items.map(([k, v]) => (
          // A label and its value never part: the line breaks between pairs, not inside one.
          <div key={k} className="flex gap-1 whitespace-nowrap">
            <dt>{k}</dt>
            <dd className="font-mono text-zinc-700 dark:text-zinc-300">{v}</dd>
          </div>
        ))}
      </dl>
    );
  },
  (a, b) => figuresFor(a).text === figuresFor(b).text && a.figures.settled === b.figures.settled,
);
