import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { apiError } from '@/lib/server/http/errors';
import { refusal, withSecurityHeaders } from '@/lib/server/http/security/guard';
import { readVariable } from '@/lib/server/platform/environment';
import { requestRefused, telemetry } from '@/lib/server/platform/telemetry';

/** Prometheus's text exposition format, the version every scraper reads. */
const EXPOSITION = 'text/plain; version=0.0.4; charset=utf-8';

const TOKEN = readVariable('SLUICE_METRICS_TOKEN');

/** Whether `Authorization` is `Bearer` the token, compared in constant time. */
function bearerIs(header: string | null, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * GET /metrics: Sluice's metrics for Prometheus (docs/contract.md "GET /metrics"). Who
 * may read them as who may use Sluice: the allowed names only, and no page of another
 * origin, for a GET too (as the proxy's); with SLUICE_METRICS_TOKEN set, only a scraper
 * that sends it as a Bearer token. No sign-in: a scraper has none, and the metrics carry
 * no ids, no prompt, nobody's name.
 */
export async function serveMetrics(request: Request): Promise<Response> {
  // Checked as an unsafe method, as the proxy checks every one: a foreign page's GET is refused too.
  const refused = refusal('POST', request.headers, false);
  if (refused) return withSecurityHeaders(refused);
  if (TOKEN && !bearerIs(request.headers.get('authorization'), TOKEN)) {
    requestRefused('metrics_token');
    const answer = apiError(
      401,
      'sign_in_required',
      'GET /metrics takes the token SLUICE_METRICS_TOKEN names, as Authorization: Bearer.',
    );
    answer.headers.set('www-authenticate', 'Bearer realm="sluice-metrics"');
    return withSecurityHeaders(answer);
  }
  const running = telemetry();
  if (!running)
    return withSecurityHeaders(
      apiError(503, 'server_stopping', 'The metrics are not running: the server is starting or stopping.'),
    );
  const text = await running.prometheus();
  return withSecurityHeaders(new Response(text, { headers: { 'content-type': EXPOSITION, 'cache-control': 'no-store' } }));
}
