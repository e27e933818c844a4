import { BLIND_PROVIDER } from '@/lib/api/blind';

/**
 * What the page calls each pane: its provider and model, as a reply's heading names
 * them ("sim-openai · sim-markdown"), wherever a pane is named (its title, the chart's
 * legend, the bars, an export). Two panes on the same model are numbered, "(1)" and
 * "(2)", so every name points at one pane.
 */
export function paneNames(panes: readonly { provider?: string; model?: string }[], labels?: readonly string[]): string[] {
  const base = panes.map((p, i) => {
    // A blind pane is its label until the vote ("A"), then its label and its model ("A: sim-openai · sim-echo").
    if (p.provider === BLIND_PROVIDER && p.model) return p.model;
    const name = p.provider && p.model ? `${p.provider} · ${p.model}` : 'no model chosen';
    return labels?.[i] ? `${labels[i]}: ${name}` : name;
  });
  const seen = new Map<string, number>();
  return base.map((name) => {
    if (base.indexOf(name) === base.lastIndexOf(name)) return name;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return `${name} (${n})`;
  });
}

/** The names of a session's panes: a blind race's, once voted on, with their labels ("A: sim-openai · sim-echo"). */
export function sessionPaneNames(state: {
  panes: readonly { provider?: string; model?: string }[];
  vote?: { panes: readonly { label: string }[] };
}): string[] {
  return paneNames(
    state.panes,
    state.vote?.panes.map((p) => p.label),
  );
}
