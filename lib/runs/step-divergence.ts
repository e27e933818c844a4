import type { DivergenceKind, RunStep } from '@/lib/api/runs';
import { canonicalJson, firstJsonDifference, formatJsonPath, parseJson } from './json-difference';
import { stepFailed } from './step-failed';

/**
 * How two steps of two runs differ, if they do, and that difference in words. A step is
 * read once into the facts compared (its arguments parsed), since the alignment compares
 * each step with many.
 */

interface CallFacts {
  name: string;
  arguments: string;
  /** The arguments parsed, when they are JSON. */
  json?: { value: unknown };
  /** What two calls' arguments are compared by: the JSON with sorted keys, else the text trimmed. */
  compared: string;
}

export interface StepFacts {
  step: RunStep;
  failed: boolean;
  /** What the alignment pairs steps by: the model and its tool calls' names, in order. */
  shape: string;
  calls: CallFacts[];
  /** The reply's text, trimmed: spaces around it do not count. */
  text: string;
}

export function stepFacts(step: RunStep): StepFacts {
  const calls = step.toolCalls.map((call): CallFacts => {
    const json = parseJson(call.arguments);
    return json
      ? { name: call.name, arguments: call.arguments, json, compared: `json:${canonicalJson(json.value)}` }
      : { name: call.name, arguments: call.arguments, compared: `text:${call.arguments.trim()}` };
  });
  return {
    step,
    failed: stepFailed(step),
    shape: JSON.stringify([step.model ?? null, calls.map((call) => call.name)]),
    calls,
    text: step.text.trim(),
  };
}

const sameTools = (a: StepFacts, b: StepFacts) =>
  a.calls.length === b.calls.length && a.calls.every((call, i) => call.name === b.calls[i]?.name);

/** The first index where two steps' calls (of the same tools) have different arguments, or -1. */
const differentArguments = (a: StepFacts, b: StepFacts) => a.calls.findIndex((call, i) => call.compared !== b.calls[i]?.compared);

/**
 * How two steps differ, by priority: one failed and one did not, then the model, the tools
 * called (names or count), their arguments, the text. Null: the same, as far as a diff looks.
 */
export function stepDivergence(a: StepFacts, b: StepFacts): Exclude<DivergenceKind, 'length'> | null {
  if (a.failed !== b.failed) return 'error';
  if (a.step.model !== b.step.model) return 'model';
  if (!sameTools(a, b)) return 'tool';
  if (differentArguments(a, b) >= 0) return 'arguments';
  if (a.text !== b.text) return 'text';
  return null;
}

/** The bound of each side's words: a line, not the step. */
export const WORDS_MAX = 200;

/**
 * What each of two paired steps had where they differ in `kind`, in words; a null side
 * (kind `length`) is "no step".
 */
export function divergenceWords(kind: DivergenceKind, a: StepFacts | null, b: StepFacts | null): { a: string; b: string } {
  if (!a || !b) return { a: a ? presentStep(a) : 'no step', b: b ? presentStep(b) : 'no step' };
  switch (kind) {
    case 'error':
      return { a: outcome(a), b: outcome(b) };
    case 'model':
      return { a: clip(a.step.model ?? 'no model'), b: clip(b.step.model ?? 'no model') };
    case 'tool':
      return { a: clip(toolNames(a)), b: clip(toolNames(b)) };
    case 'arguments':
      return argumentWords(a, b);
    case 'text': {
      const at = firstDifferenceAt(a.text, b.text);
      return { a: a.text ? quoted(around(a.text, at)) : 'no text', b: b.text ? quoted(around(b.text, at)) : 'no text' };
    }
    case 'length':
      return { a: presentStep(a), b: presentStep(b) };
  }
}

const toolNames = (f: StepFacts) => (f.calls.length ? f.calls.map((call) => call.name).join(', ') : 'no tool calls');

/** A step in brief: the tools it called, or the start of its text. */
function outline(f: StepFacts): string {
  if (f.calls.length) return `called ${toolNames(f)}`;
  return f.text ? `answered ${quoted(f.text, 80)}` : 'no tool calls or text';
}

/** A step only one run has: its number there, model, and what it did (or how it failed: a retry is often the extra step). */
const presentStep = (f: StepFacts) =>
  clip(`step ${f.step.step} (${f.step.model ?? 'no model'}): ${f.failed ? outcome(f) : outline(f)}`);

/** Whether a step failed, how, and if not, what it did. */
function outcome(f: StepFacts): string {
  if (!f.failed) return clip(`ok: ${outline(f)}`);
  const http = f.step.httpStatus !== undefined ? ` (HTTP ${f.step.httpStatus})` : '';
  return clip(`failed: ${f.step.status}${http}${f.step.error ? `: ${f.step.error}` : ''}`);
}

/**
 * The first call whose arguments differ, named (with its place among calls of that name
 * when the step has several), and, when both are JSON, the first key path that differs
 * and each side's value there: `get_weather: city "Paris"` against `get_weather: city "Lyon"`.
 */
function argumentWords(a: StepFacts, b: StepFacts): { a: string; b: string } {
  const index = Math.max(0, differentArguments(a, b));
  const callA = a.calls[index];
  const callB = b.calls[index];
  if (!callA || !callB) return { a: 'no arguments', b: 'no arguments' };
  const sameName = a.calls.filter((call) => call.name === callA.name);
  const label = sameName.length > 1 ? `${callA.name} #${sameName.indexOf(callA) + 1}` : callA.name;
  if (callA.json && callB.json) {
    const found = firstJsonDifference(callA.json.value, callB.json.value);
    if (found) {
      const path = formatJsonPath(found.path);
      const side = (had: { value: unknown } | null) => (had ? `${path ? `${path} ` : ''}${valueWords(had.value)}` : `no ${path}`);
      return { a: clip(`${label}: ${side(found.a)}`), b: clip(`${label}: ${side(found.b)}`) };
    }
  }
  const textA = callA.arguments.trim();
  const textB = callB.arguments.trim();
  const at = firstDifferenceAt(textA, textB);
  return {
    a: clip(`${label}: ${textA ? around(textA, at) : 'no arguments'}`),
    b: clip(`${label}: ${textB ? around(textB, at) : 'no arguments'}`),
  };
}

/** A JSON value short enough to sit beside the others in a line. */
const valueWords = (value: unknown) => clip(JSON.stringify(value) ?? String(value), 80);

function firstDifferenceAt(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** How much of a shared start is kept before the first difference, so the words show where they part. */
const LEAD = 30;

/** A long text from a little before `at`, where it parts from the other, so the difference is within the bound. */
function around(text: string, at: number): string {
  if (at <= LEAD * 2) return text;
  let from = at - LEAD;
  // Not between the halves of a surrogate pair.
  if (/[\uDC00-\uDFFF]/.test(text[from] ?? '')) from--;
  return `…${text.slice(from)}`;
}

/** A text in quotes, clipped inside them. */
const quoted = (text: string, max = WORDS_MAX) => `"${clip(text, max - 2)}"`;

/** Words on one line (runs of white space, newlines included, as one space), at most `max` characters. */
export function clip(words: string, max = WORDS_MAX): string {
  const line = words.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  let end = max - 1;
  if (/[\uD800-\uDBFF]/.test(line[end - 1] ?? '')) end--;
  return `${line.slice(0, end)}…`;
}
