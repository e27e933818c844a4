/** Each pane's color, by its place: its line in the chart, and the swatch beside its name everywhere else. */
export const PANE_COLORS = ['#0284c7', '#db2777', '#16a34a', '#ea580c', '#7c3aed', '#ca8a04'];

export const paneColor = (index: number) => PANE_COLORS[index % PANE_COLORS.length]!;

/** The pane's color as a small square before its name: which line in the chart is which pane. */
export function Swatch({ index }: { index: number }) {
  return <span aria-hidden className="inline-block size-2.5 shrink-0 rounded-sm" style={{ backgroundColor: paneColor(index) }} />;
}
