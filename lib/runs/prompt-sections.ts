import type { ProtocolId } from '@/lib/protocols/ids';
import { canonicalJson } from './canonical';
import { promptLayout, type LaidMessage } from './layout';

/**
 * A request's prompt cut into the sections its provider caches it by, in that order:
 * the tool definitions, the system prompt, then each message. Each section's `text` is
 * what the provider sees, serialized canonically (tool schemas and all; keys in one
 * order, cache breakpoints left out), so that one request's prompt is a prefix of the
 * next one's exactly when the next one could read the first from the cache. What
 * changed, and where, is then a matter of comparing texts (cache-break.ts, turn-diff.ts).
 */
export interface PromptSection {
  kind: 'tools' | 'system' | 'message';
  /** Where it is in the prompt, the same in two requests: `tools`, `system`, `message 4`. */
  key: string;
  /** "tool definitions", "the system prompt", "message 4 (tool result for Read)". */
  label: string;
  /** The canonical serialization: what the provider sees. */
  text: string;
  /** As a person reads it: the texts, results and calls, without the wire's JSON. */
  plain: string;
  /** The tools, in order (the tool definitions only). */
  toolNames?: string[];
}

/** Between two sections in the joined prompt. */
export const SECTION_SEPARATOR = '\n';

export function promptSections(protocol: ProtocolId, body: unknown): PromptSection[] {
  const layout = promptLayout(protocol, body);
  const sections: PromptSection[] = [];
  if (layout.tools.length) {
    const toolNames = layout.tools.map((t) => t.name);
    sections.push({
      kind: 'tools',
      key: 'tools',
      label: 'tool definitions',
      text: canonicalJson(layout.tools.map((t) => t.wire)),
      plain: layout.tools.map((t) => canonicalJson(t.wire)).join('\n'),
      toolNames,
    });
  }
  if (layout.system)
    sections.push({
      kind: 'system',
      key: 'system',
      label: 'the system prompt',
      text: canonicalJson(layout.system.wire),
      plain: layout.system.text,
    });
  layout.messages.forEach((m, i) =>
    sections.push({
      kind: 'message',
      key: `message ${i + 1}`,
      label: messageLabel(i + 1, m),
      text: canonicalJson(m.wire),
      plain: m.pieces.map((p) => p.text).join('\n\n'),
    }),
  );
  return sections;
}

/** The whole prompt as one text: the sections' serializations, joined. */
export function joinedPrompt(sections: PromptSection[]): string {
  return sections.map((s) => s.text).join(SECTION_SEPARATOR);
}

/** Where a section stands in any request's prompt: the tools, the system prompt, then the messages in order. */
export const sectionPlace = (s: Pick<PromptSection, 'kind' | 'key'>): number =>
  s.kind === 'tools' ? 0 : s.kind === 'system' ? 1 : 1 + Number(s.key.slice('message '.length));

/** Where a section starts in the joined prompt. */
export function sectionOffset(sections: PromptSection[], index: number): number {
  return sections.slice(0, index).reduce((at, s) => at + s.text.length + SECTION_SEPARATOR.length, 0);
}

/**
 * "message 4 (tool result for Read)", "message 5 (assistant, calling Read, Grep)",
 * "message 2 (user)": numbered from 1 after the system prompt, as the app sent them.
 */
export function messageLabel(n: number, m: LaidMessage): string {
  const names = (list: string[]) => [...new Set(list)].join(', ');
  if (m.results.length) return `message ${n} (tool result${m.results.length > 1 ? 's' : ''} for ${names(m.results)})`;
  if (m.calls.length) return `message ${n} (${m.role}, calling ${names(m.calls)})`;
  return `message ${n} (${m.role})`;
}
