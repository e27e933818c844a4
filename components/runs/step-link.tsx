'use client';

import type { ReactNode } from 'react';
import { LINK } from './styles';

/**
 * A link to a step of this run (`?step=N`): it opens the step's detail in place, while a
 * new tab or a copied link opens the page at that step.
 */
export function StepLink({
  step,
  onSelect,
  children,
  label,
}: {
  step: number;
  onSelect: (step: number) => void;
  children: ReactNode;
  /** Its accessible name, where the text alone ("3") would not say enough. */
  label?: string;
}) {
  return (
    <a
      href={`?step=${step}`}
      aria-label={label}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
        e.preventDefault();
        onSelect(step);
      }}
      // Underlined: it often sits in a line of text (a break's reason, a heading), where colour alone would not tell it.
      className={`underline ${LINK}`}
    >
      {children}
    </a>
  );
}
