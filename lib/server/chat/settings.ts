/** Relay timings (milliseconds) and the stored event log's bound per reply (bytes), from the environment. */
export function relaySettings(env: Record<string, string | undefined> = process.env) {
  const ms = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return {
    keepAliveMs: ms('SLUICE_KEEPALIVE_MS', 15_000),
    idleMs: ms('SLUICE_IDLE_TIMEOUT_MS', 120_000),
    headersTimeoutMs: ms('SLUICE_UPSTREAM_TIMEOUT_MS', 30_000),
    eventLogMaxBytes: ms('SLUICE_EVENT_LOG_MAX_BYTES', 1024 * 1024),
  };
}
