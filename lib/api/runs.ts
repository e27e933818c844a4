import type { CaptureStatus, CaptureTimings } from './captures';
import type { ProtocolId } from '@/lib/protocols/ids';

/**
 * Agent runs (docs/contract.md "Runs"): the proxied requests of one task, grouped. Declared
 * once: the server computes them from captures, the runs pages read them.
 */

/**
 * How a run's requests were found to belong together: `named` by the app (an
 * `x-sluice-run` header, `/proxy/{id}/~run/{name}/…` in its base URL, which `npm run with`
 * sets, one run per invocation, named after its command); `continuity` when nothing named
 * it, each request extending an earlier one's conversation.
 */
export type RunSource = 'named' | 'continuity';

/**
 * A request's tokens, normalised across protocols. `input` is the uncached input under
 * every protocol, so `input + cacheRead + cacheWrite` is the whole prompt.
 */
export interface RunUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** Prompt-cache figures of a request or a run; `hitRate` = reads ÷ (uncached + writes + reads), null when there was no input. */
export interface CacheFigures {
  hitRate: number | null;
  reads: number;
  writes: number;
  uncached: number;
  /** Anthropic's split of the writes by lifetime, where it gave one. */
  writes5m?: number;
  writes1h?: number;
}

/** The tokens of a request's context by what they are. They add up to the input the provider reported. */
export interface ContextComposition {
  system: number;
  tools: number;
  conversation: number;
  toolResults: number;
  thinking: number;
  /**
   * `split`: the provider reported the input; the parts are estimated with a tokenizer and
   * scaled to it (shown `≈`). `whole`: it reported nothing; every figure is an estimate.
   */
  estimate: 'split' | 'whole';
  /** The biggest single items, biggest first: a 40 KB tool result, a 9 K-token tool list. */
  largest: { part: ContextPart; name: string; tokens: number }[];
}
export type ContextPart = 'system' | 'tools' | 'conversation' | 'toolResults' | 'thinking';
export const CONTEXT_PARTS: ContextPart[] = ['system', 'tools', 'conversation', 'toolResults', 'thinking'];

/** A request whose cache reads fell although its prefix was meant to stay; `at`: the character where the prompts first differ. */
export interface CacheBreak {
  step: number;
  /** In words: "the system prompt changed at character 1,204: `2026-11-27T21:…`", "tool definitions reordered". */
  reason: string;
  at: number | null;
}

export interface RunToolCall {
  name: string;
  /** As the model sent them (text). */
  arguments: string;
}

/** One request of a run. Steps are numbered from 1 in the order their requests started. */
export interface RunStep {
  step: number;
  captureId: string;
  /** A subagent's parent step (the step its run was at when it began), or null on the main line. */
  parent: number | null;
  /** 0 for the main line; each subagent branch its own lane. */
  lane: number;
  startedAt: string;
  model?: string;
  protocol?: ProtocolId;
  status: CaptureStatus;
  httpStatus?: number;
  timings: CaptureTimings;
  usage: RunUsage;
  /** The provider reported no usage: the figures are counted or estimated. */
  usageEstimated: boolean;
  cache: CacheFigures;
  context: ContextComposition;
  toolCalls: RunToolCall[];
  /** The reply's text (bounded), for the diff of two runs. */
  text: string;
  error?: string;
  /** USD, null without a price. */
  cost: number | null;
}

export interface RunSummary {
  id: string;
  name: string;
  source: RunSource;
  startedAt: string;
  /** When its last request ended; absent while one is in flight. */
  endedAt?: string;
  requests: number;
  /** `streaming` while a request is in flight; `error` when any failed; else `complete`. */
  status: 'streaming' | 'complete' | 'error';
  usage: RunUsage;
  cache: { hitRate: number | null };
  cost: number | null;
}

export interface RunDetail extends RunSummary {
  steps: RunStep[];
  cache: CacheFigures & {
    /** USD the cache saved against paying every read at the input price (writes' premium deducted); null without prices. */
    savings: number | null;
    breaks: CacheBreak[];
  };
}

export interface RunPage {
  items: RunSummary[];
  next?: string;
}

export type DivergenceKind = 'tool' | 'arguments' | 'text' | 'model' | 'error' | 'length';

export interface FirstDivergence {
  step: number;
  kind: DivergenceKind;
  /** What each run had there, in words. */
  a: string;
  b: string;
}

/** One aligned pair of steps; a side is null where one run has no step there. */
export interface AlignedSteps {
  a: RunStep | null;
  b: RunStep | null;
  /** The same request and answer in both, as far as the diff looks (model, tools and arguments, text, status). */
  same: boolean;
  /** At or after the first divergence. */
  downstream: boolean;
}

/** B − A, for each figure of the two runs. */
export interface RunFigureDeltas {
  requests: number;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  hitRate: number | null;
  cost: number | null;
  /** ms */
  duration: number | null;
}

export interface RunDiff {
  a: RunSummary;
  b: RunSummary;
  firstDivergence: FirstDivergence | null;
  steps: AlignedSteps[];
  figures: RunFigureDeltas;
}

/** The header that names an app's run; `/proxy/{id}/~run/{name}/…` names it in a base URL. */
export const RUN_HEADER = 'x-sluice-run';
export const RUN_PATH_SEGMENT = '~run';
