import { route } from '@/lib/server/host/api-route';
import { readVariable } from '@/lib/server/platform/environment';

export const dynamic = 'force-dynamic';

/**
 * The relay benchmark's floor for this architecture: a bare route handler that fetches
 * the bench upstream and returns its body, nothing else (bench/relay.ts). It exists only
 * while SLUICE_BENCH_UPSTREAM names that upstream, which only the benchmark sets; it
 * reaches no other address. Like every API route, it passes Sluice's request checks.
 */
export const POST = route(async (request: Request): Promise<Response> => {
  const upstream = readVariable('SLUICE_BENCH_UPSTREAM');
  if (!upstream) return new Response(null, { status: 404 });
  const response = await fetch(`${upstream}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: await request.text(),
  });
  return new Response(response.body, { status: response.status, headers: { 'content-type': 'text/event-stream' } });
});
