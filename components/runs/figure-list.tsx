/** Figures as a description list, label over value, wrapping as the width allows: a run's, a step's. */
export function FigureList({ label, figures }: { label: string; figures: [string, string][] }) {
  return (
    <dl aria-label={label} className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
      {figures.map(([name, value]) => (
        <div key={name} className="flex flex-col">
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{name}</dt>
          <dd className="font-mono">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
