import { DEFAULT_SSE_LIMITS } from '@/lib/sse/limits';

/** Relay timings (milliseconds), the wire's bounds and the stored event log's bound per reply (bytes), from the environment. */
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
    limits: {
      maxLineBytes: ms('SLUICE_MAX_SSE_LINE_BYTES', DEFAULT_SSE_LIMITS.maxLineBytes),
      maxEventBytes: ms('SLUICE_MAX_SSE_EVENT_BYTES', DEFAULT_SSE_LIMITS.maxEventBytes),
      maxReplyBytes: ms('SLUICE_MAX_REPLY_BYTES', 16 * 1024 * 1024),
    },
  };
}
