import type { ReactNode } from 'react';

/**
 * A line of facts about a page's subject ("sim-openai · sim-markdown · 8:21 AM · Open its
 * run"), each fact after a "·". The separators are drawn before each fact, in a gutter
 * the line's box clips at its left edge: a fact that wraps onto a line of its own starts
 * it with no stray "·" (as text, "· Open its run" did at 390 px). They are decoration,
 * with empty alternative text: a screen reader reads the facts.
 */
export function MetaLine({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`overflow-hidden ${className}`}>
      <p className="-ml-4 flex flex-wrap items-center gap-y-1">{children}</p>
    </div>
  );
}

/** The "·" before a fact, centred in its gutter (a pseudo-element, so never text to copy or read). */
const SEPARATED = "before:inline-block before:w-4 before:text-center before:content-['·'_/_'']";

/** A fact on a MetaLine; `plain` keeps its gutter without the "·" (a badge that stands apart on its own). */
export function Fact({ children, plain = false, className = '' }: { children: ReactNode; plain?: boolean; className?: string }) {
  return <span className={`${plain ? 'pl-4' : SEPARATED} ${className}`}>{children}</span>;
}
