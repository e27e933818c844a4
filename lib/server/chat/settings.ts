/** Relay timings, from the environment (milliseconds). */
export function relaySettings(env: Record<string, string | undefined> = process.env) {
  const ms = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return {
    keepAliveMs: ms('SLUICE_KEEPALIVE_MS', 15_000),
    idleMs: ms('SLUICE_IDLE_TIMEOUT_MS', 120_000),
    headersTimeoutMs: ms('SLUICE_UPSTREAM_TIMEOUT_MS', 30_000),
  };
}
