/**
 * What the page calls each pane: its provider and model, as a reply's heading names
 * them ("sim-openai · sim-markdown"), wherever a pane is named (its title, the chart's
 * legend, the bars, an export). Two panes on the same model are numbered, "(1)" and
 * "(2)", so every name points at one pane.
 */
export function paneNames(panes: readonly { provider?: string; model?: string }[]): string[] {
  const base = panes.map((p) => (p.provider && p.model ? `${p.provider} · ${p.model}` : 'no model chosen'));
  const seen = new Map<string, number>();
  return base.map((name) => {
    if (base.indexOf(name) === base.lastIndexOf(name)) return name;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return `${name} (${n})`;
  });
}
