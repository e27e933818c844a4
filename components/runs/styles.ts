import type { ContextPart } from '@/lib/api/runs';
import type { StepTone } from '@/lib/client/runs/run-timeline';

/**
 * The runs pages' looks, one place. Colours: a step's bar by how it ended, a context
 * part's segment, a shade darker in light mode, so each stands 3:1 against the page
 * either way. Then the frames, muted lines, links and action buttons the pages share.
 */
export const TONE_FILL: Record<StepTone, string> = {
  complete: 'bg-emerald-600 dark:bg-emerald-500',
  streaming: 'bg-sky-600 dark:bg-sky-400 animate-pulse motion-reduce:animate-none',
  failed: 'bg-rose-600 dark:bg-rose-500',
  stopped: 'bg-amber-500 dark:bg-amber-400',
};

export const PART_FILL: Record<ContextPart, string> = {
  system: 'bg-violet-600 dark:bg-violet-400',
  tools: 'bg-amber-500 dark:bg-amber-400',
  conversation: 'bg-sky-600 dark:bg-sky-400',
  toolResults: 'bg-emerald-600 dark:bg-emerald-400',
  thinking: 'bg-rose-500 dark:bg-rose-400',
};

/** A box of the page: a section's frame. */
export const BOX = 'flex min-w-0 flex-col gap-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800';

/** A muted line under a heading. */
export const MUTED = 'text-sm text-zinc-600 dark:text-zinc-400';

export const LINK = 'text-sky-700 underline-offset-2 hover:underline dark:text-sky-400';

/** The run page's action buttons and links: one look, so a link (Export HAR) sits among buttons as their equal. */
export const ACTION = [
  'inline-flex items-center rounded-md border border-zinc-300 px-3 py-1 text-sm hover:bg-zinc-100 disabled:opacity-50',
  'dark:border-zinc-700 dark:hover:bg-zinc-800',
].join(' ');

/** The page's one primary action: the app's primary look (sky-700 under white text keeps its contrast in both themes). */
export const PRIMARY = [
  'inline-flex items-center rounded-md border border-sky-700 bg-sky-700 px-3 py-1 text-sm font-medium text-white',
  'hover:bg-sky-800 disabled:opacity-50',
].join(' ');
