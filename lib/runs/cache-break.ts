import type { CacheBreak, CacheFigures } from '@/lib/api/runs';
import type { ProtocolId } from '@/lib/protocols/ids';
import { joinedPrompt, promptSections, sectionPlace, type PromptSection } from './prompt-sections';

/**
 * Why a request read less from the prompt cache than the one before it. A provider's
 * cache serves a prompt's prefix; an agent's requests each resend the last one's prompt
 * and add to it, so the reads only fall when something meant to stay changed: a
 * timestamp in the system prompt, the tools reordered, an old tool result edited, another
 * model. Reads that fell while the prompt only grew (the cache expired) are no break.
 * Named in words, with where the prompts first differ in the joined serialized prompt.
 */
export interface CachedRequest {
  protocol: ProtocolId;
  body: unknown;
  cache: CacheFigures;
}

const EXCERPT = 16;

export function cacheBreak(previous: CachedRequest, current: CachedRequest, step: number): CacheBreak | undefined {
  if (current.cache.reads >= previous.cache.reads) return undefined;
  if (previous.protocol !== current.protocol)
    return { step, reason: `the protocol changed (${previous.protocol} → ${current.protocol})`, at: null };
  // Each model has a cache of its own: another model reads nothing, whatever the prompt.
  const [was, now] = [model(previous.body), model(current.body)];
  if (was !== undefined && now !== undefined && was !== now)
    return { step, reason: `the model changed (${was} → ${now})`, at: null };
  const before = promptSections(previous.protocol, previous.body);
  const after = promptSections(current.protocol, current.body);
  const [a, b] = [joinedPrompt(before), joinedPrompt(after)];
  if (b.startsWith(a)) return undefined;
  const at = commonPrefix(a, b);
  return { step, reason: reasonFor(before, after, at, b), at };
}

function reasonFor(before: PromptSection[], after: PromptSection[], at: number, now: string): string {
  const where = `at character ${at.toLocaleString('en-US')}: \`${excerpt(now, at)}\``;
  const places = [...new Map([...before, ...after].map((s) => [s.key, s])).values()].sort(
    (x, y) => sectionPlace(x) - sectionPlace(y),
  );
  for (const { key } of places) {
    const p = before.find((s) => s.key === key);
    const c = after.find((s) => s.key === key);
    if (p?.text === c?.text) continue;
    if (key === 'tools') return toolsReason(p, c, where);
    if (!p) return `${c!.label} was added`;
    if (!c)
      return p.kind === 'message'
        ? `the history was cut back: ${p.label.replace(/ \(.*/, '')} onwards is gone`
        : `${p.label} was removed`;
    if (key === 'system') return `the system prompt changed ${where}`;
    const what = p.label.replace(' (', ', ').replace(/\)$/, '');
    if (/\(tool results? for /.test(p.label)) return `a tool result earlier in the history was edited (${what})`;
    return `an earlier message was edited (${what}) ${where}`;
  }
  return `the prompt changed ${where}`;
}

function toolsReason(p: PromptSection | undefined, c: PromptSection | undefined, where: string): string {
  const was = p?.toolNames ?? [];
  const now = c?.toolNames ?? [];
  const added = now.filter((n) => !was.includes(n));
  const removed = was.filter((n) => !now.includes(n));
  if (added.length || removed.length) {
    const said = [
      ...(added.length ? [`added ${added.join(', ')}`] : []),
      ...(removed.length ? [`removed ${removed.join(', ')}`] : []),
    ];
    return `tool definitions changed: ${said.join('; ')}`;
  }
  const texts = (s: PromptSection | undefined) => new Map(perTool(s).map((t, i) => [(s?.toolNames ?? [])[i], t]));
  const [old, fresh] = [texts(p), texts(c)];
  const edited = now.filter((n) => old.get(n) !== fresh.get(n));
  if (was.some((n, i) => now[i] !== n))
    return `tool definitions reordered${edited.length ? ` (and ${edited.join(', ')} changed)` : ''}`;
  return edited.length
    ? `tool definitions changed: the definition of ${edited[0]} changed ${where}`
    : `tool definitions changed ${where}`;
}

/** Each tool's serialization, read back from the section's (a canonical JSON array: canonical again, one by one). */
function perTool(section: PromptSection | undefined): string[] {
  if (!section) return [];
  const tools = JSON.parse(section.text) as unknown[];
  return tools.map((t) => JSON.stringify(t));
}

const model = (body: unknown): string | undefined =>
  body && typeof body === 'object' && typeof (body as { model?: unknown }).model === 'string'
    ? (body as { model: string }).model
    : undefined;

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** What is there now, from the start of the word the prompts part in ("2026-11-28T09:…", not "8T09:15:…"). */
function excerpt(text: string, at: number): string {
  let from = at;
  while (from > 0 && at - from < EXCERPT && /[\w:.-]/.test(text[from - 1]!)) from--;
  const piece = text.slice(from, from + EXCERPT);
  return from + EXCERPT < text.length ? `${piece}…` : piece;
}
