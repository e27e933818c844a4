/** Per-request simulator options, written as `key=value` words in the last user message. */
export interface SimOptions {
  /** Output tokens of the answer (markdown scenarios). */
  tokens: number;
  /** Tokens per second. */
  tps: number;
  /** Thinking tokens before the answer. */
  think: number;
  /** Delay before the first token, seconds. */
  delay: number;
  /** Silence in the middle of the stream, seconds (sim-fault-stall). */
  stall: number;
  /** Seed for the generated content. */
  seed: number;
}

const LIMITS: Record<keyof SimOptions, { min: number; max: number }> = {
  tokens: { min: 1, max: 100_000 },
  tps: { min: 1, max: 50_000 },
  think: { min: 1, max: 20_000 },
  delay: { min: 0, max: 120 },
  stall: { min: 0, max: 600 },
  seed: { min: 0, max: 2 ** 31 - 1 },
};

export const DEFAULT_OPTIONS: SimOptions = { tokens: 300, tps: 80, think: 120, delay: 0.25, stall: 5, seed: 1 };

const OPTION_WORD = /\b(tokens|tps|think|delay|stall|seed)=(\d+(?:\.\d+)?)\b/g;

export function parseSimOptions(text: string, defaults: Partial<SimOptions> = {}): SimOptions {
  const options: SimOptions = { ...DEFAULT_OPTIONS, ...defaults };
  for (const [, key, raw] of text.matchAll(OPTION_WORD)) {
    const name = key as keyof SimOptions;
    const { min, max } = LIMITS[name];
    options[name] = Math.min(max, Math.max(min, Number(raw)));
  }
  return options;
}
