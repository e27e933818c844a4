import type { DiffSide } from '@/lib/api/diff';
import { replySummary } from '@/lib/assemble/reply-summary';
import { uiMessageOf } from '../thread/from-stored';
import { figureDeltas, type FigureRow } from './figure-deltas';
import { sharedSpan, timelineOf, type Timeline } from './stream-timeline';
import { prettyArguments, wordDiff, type WordDiff } from '../word-diff';

/** One part of the two replies, diffed: the answer, the thinking, or one tool call's arguments. */
export interface DiffSection {
  /** Its heading: "Answer", "Thinking", "Tool call 1: get_weather (arguments)". */
  title: string;
  diff: WordDiff;
}

/** Everything the page and its export show of two replies, worked out once. */
export interface ReplyComparison {
  sides: [DiffSide, DiffSide];
  /** "provider · model" of each. */
  names: [string, string];
  sections: DiffSection[];
  figures: FigureRow[];
  timelines: [Timeline | undefined, Timeline | undefined];
  /** The time axis both streams share, ms. */
  span: number;
}

function toolSections(a: DiffSide, b: DiffSide): DiffSection[] {
  const calls = [a.reply.toolCalls ?? [], b.reply.toolCalls ?? []];
  const count = Math.max(calls[0]!.length, calls[1]!.length);
  return Array.from({ length: count }, (_, i) => {
    const [ca, cb] = [calls[0]![i], calls[1]![i]];
    const names = [...new Set([ca?.name, cb?.name].filter(Boolean))].join(' / ');
    return {
      title: `Tool call ${i + 1}: ${names} (arguments)`,
      diff: wordDiff(ca ? prettyArguments(ca.argsText, ca.args) : '', cb ? prettyArguments(cb.argsText, cb.args) : ''),
    };
  });
}

/**
 * The comparison of two stored replies: their text a word at a time (the answer; the
 * thinking and tool calls where either has them), their figures with B's difference
 * from A, and their streams on one time axis.
 */
export function compareReplies(a: DiffSide, b: DiffSide): ReplyComparison {
  const sections: DiffSection[] = [{ title: 'Answer', diff: wordDiff(a.reply.text ?? '', b.reply.text ?? '') }];
  if (a.reply.thinking || b.reply.thinking)
    sections.push({ title: 'Thinking', diff: wordDiff(a.reply.thinking ?? '', b.reply.thinking ?? '') });
  sections.push(...toolSections(a, b));
  const summaries = [a, b].map((side) => {
    const message = uiMessageOf(side.reply);
    if (message.role !== 'assistant') throw new Error('A diff side is a reply.');
    // A capture's cost is the proxy's, at prices the page does not hold: as it was stored.
    const summary = replySummary(message);
    return side.kind === 'capture' && side.reply.cost !== undefined ? { ...summary, cost: side.reply.cost } : summary;
  });
  const timeline = (side: DiffSide) => (side.events ? timelineOf(side.events, side.reply.timings) : undefined);
  const timelines: [Timeline | undefined, Timeline | undefined] = [timeline(a), timeline(b)];
  return {
    sides: [a, b],
    names: [`${a.reply.provider} · ${a.reply.model}`, `${b.reply.provider} · ${b.reply.model}`],
    sections,
    figures: figureDeltas(
      summaries[0]!,
      summaries[1]!,
      [a.reply.rawFinishReason ?? a.reply.finishReason, b.reply.rawFinishReason ?? b.reply.finishReason],
      [a.reply.finishReason, b.reply.finishReason],
    ),
    timelines,
    span: sharedSpan(...timelines),
  };
}
