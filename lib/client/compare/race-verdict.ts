import { COST_NOISE, RATE_NOISE, TIME_NOISE, raceWinners, type Noise } from '@/lib/figures/ties';

/** The figures raceFigures gives, in its order: what each best is called, which way is better, what a tie is. */
const FIGURES: { best: string; better: 'low' | 'high'; noise: Noise }[] = [
  { best: 'fastest first token', better: 'low', noise: TIME_NOISE },
  { best: 'fastest', better: 'high', noise: RATE_NOISE },
  { best: 'cheapest', better: 'low', noise: COST_NOISE },
];

/**
 * The race's outcome in a line, for its summary once it is folded: "fastest first
 * token: A; fastest: B and C (tie); cheapest: a tie". Judged as the bars judge it
 * (raceWinners, the same noise); `figures[i]` is pane i's [ttft, rate, cost], a
 * negative cost one with no price (or held back until the vote), which is no figure.
 * Empty when no figure has two panes to compare.
 */
export function raceVerdict(names: readonly string[], figures: readonly (readonly (number | undefined)[])[]): string {
  return FIGURES.flatMap(({ best, better, noise }, k) => {
    const values = figures.map((f) => (f[k] === undefined || f[k]! < 0 ? undefined : f[k]));
    const outcome = raceWinners(values, better, noise);
    if (outcome.kind === 'none') return [];
    if (outcome.kind === 'all-tied') return [`${best}: a tie`];
    const who = outcome.best.map((i) => names[i]).join(' and ');
    return [`${best}: ${who}${outcome.kind === 'tie' ? ' (tie)' : ''}`];
  }).join('; ');
}
