import type { ProtocolId } from '@/lib/protocols/ids';
import { promptSections, sectionPlace as place, type PromptSection } from './prompt-sections';

/**
 * What one request of a run sent that the one before it had not: the sections it added
 * after the previous prompt (the new messages: the tool results, the reply it sends
 * back, the user's next words), and what changed in the part meant to stay, the previous
 * prompt, section by section. Sections pair up by place (tools, system, message N), as
 * the provider's cache reads them.
 */
export interface TurnDiff {
  /** The sections after the previous prompt, as a person reads them. */
  added: { label: string; text: string }[];
  /** Sections of the previous prompt that differ now (`before` or `after` empty: gone, or new there). */
  changed: { label: string; before: string; after: string }[];
}

export function turnDiff(protocol: ProtocolId, previousBody: unknown, currentBody: unknown): TurnDiff {
  const before = promptSections(protocol, previousBody);
  const after = promptSections(protocol, currentBody);
  const byKey = new Map(after.map((s) => [s.key, s]));
  const had = new Set(before.map((s) => s.key));
  const changed: { at: number; change: TurnDiff['changed'][number] }[] = [];
  for (const p of before) {
    const c = byKey.get(p.key);
    if (!c) changed.push({ at: place(p), change: { label: p.label, before: p.plain, after: '' } });
    else if (c.text !== p.text) changed.push({ at: place(p), change: { label: c.label, ...readable(p, c) } });
  }
  const added: TurnDiff['added'] = [];
  for (const c of after) {
    if (had.has(c.key)) continue;
    // New tools or a new system prompt are not added after the prompt: they change its start.
    if (c.kind === 'message') added.push({ label: c.label, text: c.plain });
    else changed.push({ at: place(c), change: { label: c.label, before: '', after: c.plain } });
  }
  return { added, changed: changed.sort((a, b) => a.at - b.at).map((c) => c.change) };
}

/** The texts as a person reads them, unless they read the same (the change is in the wire's structure): then as sent. */
function readable(p: PromptSection, c: PromptSection): { before: string; after: string } {
  return p.plain === c.plain ? { before: p.text, after: c.text } : { before: p.plain, after: c.plain };
}
