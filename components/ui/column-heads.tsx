import type { ReactNode } from 'react';

/** One column's head: its label, and classes beyond the shared ones (padding, alignment, when it shows). */
export interface ColumnHead {
  label: ReactNode;
  className?: string;
}

/** The head row of the settings pages' tables (Tokens, Usage): small, muted, a rule beneath. */
export function ColumnHeads({ columns }: { columns: ColumnHead[] }) {
  return (
    <thead className="border-b border-zinc-200 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
      <tr>
        {columns.map((column, i) => (
          <th key={i} scope="col" className={`py-2 font-medium ${column.className ?? ''}`}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
