import { CONTEXT_PARTS, type ContextComposition, type ContextPart } from '@/lib/api/runs';
import type { ProtocolId } from '@/lib/protocols/ids';
import { apportion } from './apportion';
import { canonicalJson } from './canonical';
import { promptLayout } from './layout';
import { messageLabel } from './prompt-sections';
import { countTokens } from './tokens';

/**
 * What a request's context is made of, in tokens: the system prompt, the tool
 * definitions (schemas and all), the conversation (user and assistant text, tool calls),
 * the tool results, the thinking sent back. Counted with a tokenizer (tokens.ts); when
 * the provider reported the input, the parts are scaled to it and add up to it exactly
 * (`split`: the proportions are the estimate), else the raw counts stand (`whole`).
 */
interface Item {
  part: ContextPart;
  name: string;
  tokens: number;
}

const LARGEST = 5;

export function composeContext(protocol: ProtocolId, body: unknown, reportedInput?: number): ContextComposition {
  const { items, biggestTool } = itemsOf(protocol, body);
  const [system, tools, conversation, toolResults, thinking] = CONTEXT_PARTS.map((part) =>
    items.filter((i) => i.part === part).reduce((a, i) => a + i.tokens, 0),
  ) as [number, number, number, number, number];
  const largest = [...items, ...(biggestTool ? [biggestTool] : [])]
    .filter((i) => i.tokens > 0)
    .sort((a, b) => b.tokens - a.tokens)
    .slice(0, LARGEST);
  return scaleComposition({ system, tools, conversation, toolResults, thinking, estimate: 'whole', largest }, reportedInput);
}

/**
 * Raw counts (a `whole` composition, as counted once when a capture is written) scaled
 * to the input the provider reported, by largest remainder; as they are without one.
 * Counts with nothing readable in them (a body cut at the capture's bound): the whole
 * input is the conversation's.
 */
export function scaleComposition(raw: ContextComposition, reportedInput?: number): ContextComposition {
  if (reportedInput === undefined || reportedInput < 0) return { ...raw, estimate: 'whole' };
  const counts = CONTEXT_PARTS.map((part) => raw[part]);
  const rawTotal = counts.reduce((a, b) => a + b, 0);
  const parts =
    rawTotal > 0 ? apportion(counts, reportedInput) : CONTEXT_PARTS.map((p) => (p === 'conversation' ? reportedInput : 0));
  const scale = rawTotal > 0 ? reportedInput / rawTotal : 0;
  const [system, tools, conversation, toolResults, thinking] = parts as [number, number, number, number, number];
  const largest = raw.largest.map((l) => ({ ...l, tokens: Math.round(l.tokens * scale) })).filter((l) => l.tokens > 0);
  return { system, tools, conversation, toolResults, thinking, estimate: 'split', largest };
}

/** A request whose prompt was never counted (not in a run when written, or cut short): nothing, as an estimate. */
export function emptyComposition(): ContextComposition {
  return { system: 0, tools: 0, conversation: 0, toolResults: 0, thinking: 0, estimate: 'whole', largest: [] };
}

/**
 * Every countable item once: the system prompt, the tool list, each tool result, each
 * message's conversation and thinking. Beside them the biggest single tool definition,
 * which is part of the list: it may stand among the largest, and counts nowhere else.
 */
function itemsOf(protocol: ProtocolId, body: unknown): { items: Item[]; biggestTool?: Item } {
  const layout = promptLayout(protocol, body);
  const items: Item[] = [];
  if (layout.system) items.push({ part: 'system', name: 'the system prompt', tokens: countTokens(layout.system.text) });
  const tools = layout.tools.map((t) => ({ name: t.name, tokens: countTokens(canonicalJson(t.wire)) }));
  if (tools.length) {
    const n = tools.length;
    items.push({
      part: 'tools',
      name: `tool definitions (${n} tool${n === 1 ? '' : 's'})`,
      tokens: tools.reduce((a, t) => a + t.tokens, 0),
    });
  }
  layout.messages.forEach((m, i) => {
    const label = messageLabel(i + 1, m);
    const grouped = new Map<ContextPart, number>();
    for (const piece of m.pieces) {
      const tokens = countTokens(piece.text);
      if (piece.part === 'toolResults') items.push({ part: 'toolResults', name: piece.name ?? label, tokens });
      else grouped.set(piece.part, (grouped.get(piece.part) ?? 0) + tokens);
    }
    for (const [part, tokens] of grouped)
      items.push({ part, name: part === 'thinking' ? `thinking in ${label}` : label, tokens });
  });
  if (tools.length < 2) return { items };
  const big = tools.reduce((a, t) => (t.tokens > a.tokens ? t : a));
  return { items, biggestTool: { part: 'tools', name: `tool definition of ${big.name}`, tokens: big.tokens } };
}
