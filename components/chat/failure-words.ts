/**
 * A failed request in the reader's words: a title that names one status, the upstream's
 * own when it answered (a 5xx of its own is answered 502, which is no news to the reader),
 * and a hint at what to do. Live and after a reload alike: the stored reply keeps the
 * same fields (lib/assemble/message.ts, `error`).
 */
export interface Failure {
  /** The status Sluice answered; 0 when the server could not be reached. */
  status: number;
  /** The BFF's error type (`upstream_error` …), or `network`. */
  type: string;
  upstreamStatus?: number;
}

const TITLES: Record<string, string> = {
  network: 'No answer from the Sluice server',
  upstream_unreachable: 'Cannot reach the upstream',
  upstream_timeout: 'The upstream did not answer in time',
  not_found: 'Not found',
  invalid_request: 'Sluice refused the request',
  body_too_large: 'The request is too large',
  server_error: 'The Sluice server failed',
  server_stopping: 'The Sluice server is stopping',
};

export function failureTitle({ status, type, upstreamStatus }: Failure): string {
  if (type === 'upstream_error') return `HTTP ${upstreamStatus ?? status} from the upstream`;
  if (type === 'upstream_not_sse') return `Not an event stream${upstreamStatus ? ` (HTTP ${upstreamStatus})` : ''}`;
  const title = TITLES[type];
  if (title) return status ? `${title} (HTTP ${status})` : title;
  return status ? `HTTP ${status}` : 'The request failed';
}

const CONFIG_FILE = 'the providers file (sluice.config.json, or the file SLUICE_CONFIG names)';

/**
 * What to do about it. A simulator model named `sim-fault-…` fails on purpose: its reader
 * is shown what a failure looks like, and pointed at another model, not at a config to fix.
 */
export function failureHint({ status, type, upstreamStatus }: Failure, model: string): string {
  if (type === 'network') return 'Is the Sluice server running?';
  if (model.startsWith('sim-fault-'))
    return `The simulator fails this way on purpose (${model}): pick another model for an answer.`;
  const upstream = upstreamStatus ?? status;
  if (upstream === 401 || upstream === 403)
    return `The upstream rejected the key: check apiKey or apiKeyEnv for this provider in ${CONFIG_FILE}.`;
  if (upstream === 429) return 'The upstream is rate limiting: wait a moment, then retry.';
  if (status === 404) return 'Pick another model or provider.';
  if (status === 502 || status === 504)
    return `The upstream failed or did not answer; retry, or check its baseUrl in ${CONFIG_FILE}.`;
  return 'Retry, or check the server log.';
}
