import 'server-only';
/**
 * Whether a blind race's replies gave away who wrote them: a reply that names a model or
 * a provider ("As Claude, I…") makes its vote non-blind (FastChat #1210). Pure: the vote
 * route hands it the replies and the names.
 */

/**
 * Well-known model families and their makers, matched as whole words whatever the case:
 * a reply of an unconfigured model still names its maker. False positives ("Google it")
 * only mark a vote non-blind, and the page says which word did it.
 */
export const MODEL_FAMILIES = [
  'GPT',
  'ChatGPT',
  'OpenAI',
  'Claude',
  'Anthropic',
  'Gemini',
  'Gemma',
  'Google',
  'Bard',
  'Llama',
  'Meta',
  'Mistral',
  'Mixtral',
  'DeepSeek',
  'Qwen',
  'Alibaba',
  'Grok',
  'xAI',
  'Cohere',
  'Kimi',
  'Moonshot',
] as const;

export interface SelfNaming {
  /** The pane whose reply named it ("B"). */
  label: string;
  /** The name as the list spells it ("Claude"). */
  name: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `name` as a whole word: no letter or digit right before or after it ("GPT-4o" names GPT; "ungoogleable" does not name Google). */
function wholeWord(name: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escape(name)}(?![\\p{L}\\p{N}])`, 'iu');
}

/**
 * The first reply, in pane order, that names one of `names` (the race's providers and
 * models, as configured) or a well-known family; undefined when none does. Longer names
 * are tried first, so "sim-openai" is reported rather than the "OpenAI" inside it.
 */
export function findSelfNaming(
  replies: readonly { label: string; text: string }[],
  names: readonly string[],
): SelfNaming | undefined {
  const candidates = [...new Set([...names.map((n) => n.trim()).filter((n) => n.length >= 2), ...MODEL_FAMILIES])]
    .sort((a, b) => b.length - a.length)
    .map((name) => ({ name, pattern: wholeWord(name) }));
  for (const reply of replies) {
    const found = candidates.find(({ pattern }) => pattern.test(reply.text));
    if (found) return { label: reply.label, name: found.name };
  }
  return undefined;
}

/** What the page says of a vote a reply made non-blind: "B's reply names “Claude”". */
export const selfNamingReason = ({ label, name }: SelfNaming) => `${label}'s reply names “${name}”`;
