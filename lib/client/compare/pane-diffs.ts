import { storedReplyId, type UiMessage } from '../thread/ui-message';

/** The diff page's address for two stored replies. */
export const diffHref = (a: string, b: string) => `/diff?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`;

/**
 * Every pair of panes whose latest replies the server keeps and that have ended, as the
 * "Diff two panes" menu offers them, each with its diff's address. A pair is named by
 * what the panes' headings say (`names`, from paneNames: "A: sim-openai · sim-echo" once
 * a blind race is voted on): "Pane 2 and pane 3" made the user count panes to find the
 * two they had just judged.
 */
export function paneDiffs(
  panes: readonly { order: readonly string[] }[],
  messages: Readonly<Record<string, UiMessage>>,
  names: readonly string[],
): { label: string; href: string }[] {
  const stored = panes.map(({ order }) => {
    const m = messages[order.at(-1) ?? ''];
    return m?.role === 'assistant' && m.reply.status !== 'streaming' ? storedReplyId(m) : undefined;
  });
  const pairs: { label: string; href: string }[] = [];
  for (let i = 0; i < stored.length; i++)
    for (let j = i + 1; j < stored.length; j++)
      if (stored[i] && stored[j])
        pairs.push({
          label: `${names[i] ?? `Pane ${i + 1}`} and ${names[j] ?? `pane ${j + 1}`}`,
          href: diffHref(stored[i]!, stored[j]!),
        });
  return pairs;
}
