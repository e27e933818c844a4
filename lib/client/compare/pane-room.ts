/** Gaps the race page keeps between its header, the race, the panes and its footer, below it, and the race's borders. */
const GAPS = '4.25rem';
/** A pane is never squeezed below this, however little room a short window leaves. */
const LEAST = '18rem';

/**
 * Sizes the race page's panes to the screen: as tall as the room between its sticky
 * header and footer, less the folded race's summary, so the race folded, a pane's whole
 * reply box is on screen at once, at 1440×900 as at 390 wide. Written as CSS variables
 * on `root` (its `header` and `footer` children, its `summary`): `--race-header`,
 * `--race-footer` (the margins of what is scrolled into view under them) and
 * `--pane-max`. Measured in a ResizeObserver, after layout; the composer growing, the
 * vote appearing, the header wrapping each change them. Returns what stops it.
 */
export function fitPanes(root: HTMLElement): () => void {
  const header = root.querySelector<HTMLElement>(':scope > header');
  const footer = root.querySelector<HTMLElement>(':scope > footer');
  const summary = root.querySelector<HTMLElement>('summary');
  const height = (el: HTMLElement | null) => Math.ceil(el?.getBoundingClientRect().height ?? 0);
  const observer = new ResizeObserver(() => {
    const [top, bottom, race] = [height(header), height(footer), height(summary)];
    root.style.setProperty('--race-header', `${top}px`);
    root.style.setProperty('--race-footer', `${bottom}px`);
    root.style.setProperty('--pane-max', `max(${LEAST}, calc(100dvh - ${top + bottom + race}px - ${GAPS}))`);
  });
  for (const el of [header, footer, summary]) if (el) observer.observe(el);
  return () => observer.disconnect();
}
