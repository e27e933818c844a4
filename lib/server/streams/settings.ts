import 'server-only';
import { type Env, readVariable } from '@/lib/server/platform/environment';

/** Relay timings (milliseconds), the wire's bounds and the stored event log's bound per reply (bytes), from the environment. */
export function relaySettings(env: Env = process.env) {
  return {
    keepAliveMs: readVariable('SLUICE_KEEPALIVE_MS', env),
    idleMs: readVariable('SLUICE_IDLE_TIMEOUT_MS', env),
    headersTimeoutMs: readVariable('SLUICE_UPSTREAM_TIMEOUT_MS', env),
    eventLogMaxBytes: readVariable('SLUICE_EVENT_LOG_MAX_BYTES', env),
    limits: {
      maxLineBytes: readVariable('SLUICE_MAX_SSE_LINE_BYTES', env),
      maxEventBytes: readVariable('SLUICE_MAX_SSE_EVENT_BYTES', env),
      maxReplyBytes: readVariable('SLUICE_MAX_REPLY_BYTES', env),
    },
  };
}
