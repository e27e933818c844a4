/**
 * A prompt section as one stable text, so two requests' prompts compare character by
 * character: object keys in one order (an app that rebuilds an object in another key
 * order has not changed it), and the per-request cache hints left out (Anthropic's
 * `cache_control` breakpoints move along the conversation every turn; moving one is not
 * a change of the prompt).
 */
const CACHE_HINTS = new Set(['cache_control']);

export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) => {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
      const sorted: Record<string, unknown> = {};
      for (const key of Object.keys(v).sort()) if (!CACHE_HINTS.has(key)) sorted[key] = (v as Record<string, unknown>)[key];
      return sorted;
    }) ?? ''
  );
}
