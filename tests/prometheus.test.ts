/**
 * Sluice's metrics in a real Prometheus (Debian's `prometheus`, which .ci/prometheus
 * installs): it scrapes a real Sluice's GET /metrics with the Bearer token
 * SLUICE_METRICS_TOKEN names, and PromQL over its HTTP API finds a chat reply's tokens and
 * its time to first token in the GenAI client metrics, as Sluice stored them. The
 * endpoint's own guard: no token, a wrong one, a foreign Origin or Host, refused.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@/lib/server/store/types';
import { startNextServer, type RunningServer } from './support/next-server';
import { prometheusBinary, startPrometheus, type RunningPrometheus } from './support/prometheus';
import { rawRequest } from './support/http';
import { METRICS } from '@/lib/server/platform/telemetry/semconv';

const binary = prometheusBinary();
const TOKEN = 'metrics-SECRET-token-3c9e';
/** The conventions' buckets (seconds) of gen_ai.client.operation.time_to_first_chunk. */
const BUCKETS = [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92];

it('runs in CI, where Prometheus is installed', () => {
  if (process.env.CI && !binary)
    throw new Error('CI must set TEST_PROMETHEUS (.ci/prometheus installs Prometheus and prints its path)');
});

describe.skipIf(!binary)('Prometheus scraping GET /metrics', () => {
  let sluice: RunningServer;
  let prometheus: RunningPrometheus;

  /** A reply of the simulator (OpenAI Chat) through the chat, read to its end and read back as stored. */
  async function chatReply(prompt: string) {
    const response = await fetch(`${sluice.origin}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'sim-openai', model: 'sim-markdown', messages: [{ role: 'user', content: prompt }] }),
    });
    expect(response.status).toBe(200);
    await response.text();
    const conversationId = response.headers.get('x-conversation-id')!;
    let reply: { status: string; usage?: { inputTokens?: number; outputTokens?: number }; timings: { firstToken?: number } };
    await expect
      .poll(
        async () => {
          const conversation = (await (
            await fetch(`${sluice.origin}/api/conversations/${conversationId}`)
          ).json()) as Conversation;
          reply = conversation.messages.at(-1) as typeof reply;
          return reply.status;
        },
        { timeout: 20_000 },
      )
      .toBe('complete');
    return { conversationId, reply: reply! };
  }

  beforeAll(async () => {
    sluice = await startNextServer({ SLUICE_METRICS_TOKEN: TOKEN });
    prometheus = await startPrometheus(binary!, new URL(sluice.origin).host, TOKEN);
  });

  afterAll(async () => {
    await prometheus?.stop();
    await sluice?.stop();
  });

  it('answers only the token, only this server’s names, never another origin’s page', async () => {
    const path = '/metrics';
    const host = new URL(sluice.origin).host;
    const get = (headers: Record<string, string>) => fetch(`${sluice.origin}${path}`, { headers });
    const answered = await get({ authorization: `Bearer ${TOKEN}` });
    expect(answered.status).toBe(200);
    expect(answered.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(await answered.text()).toContain('# TYPE target_info gauge');
    const none = await get({});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await get({ authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await get({ authorization: TOKEN })).status).toBe(401);
    const foreignPage = await rawRequest('GET', `${sluice.origin}${path}`, {
      host,
      origin: 'https://evil.example',
      authorization: `Bearer ${TOKEN}`,
    });
    expect(foreignPage.status).toBe(403);
    expect(JSON.parse(foreignPage.text).error.type).toBe('forbidden_origin');
    const crossSite = await rawRequest('GET', `${sluice.origin}${path}`, {
      host,
      'sec-fetch-site': 'cross-site',
      authorization: `Bearer ${TOKEN}`,
    });
    expect(crossSite.status).toBe(403);
    const rebound = await rawRequest('GET', `${sluice.origin}${path}`, {
      host: 'evil.example',
      authorization: `Bearer ${TOKEN}`,
    });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.text).error.type).toBe('forbidden_host');
  });

  it('a chat reply’s tokens and time to first token, queried in PromQL', async () => {
    const { conversationId, reply } = await chatReply('Count to five. tokens=37 tps=2000 delay=0.05');
    const { usage, timings } = reply;
    expect(usage?.outputTokens).toBeGreaterThan(0);
    expect(usage?.inputTokens).toBeGreaterThan(0);

    const of = `gen_ai_request_model="sim-markdown",gen_ai_provider_name="openai",gen_ai_operation_name="chat",sluice_source="chat"`;
    const value = async (promql: string) => (await prometheus.query(promql)).map((sample) => sample.value);
    // Prometheus scrapes every second: wait for the scrape that saw the reply.
    const inOut = `${of},gen_ai_token_type=~"input|output"`;
    await expect.poll(() => value(`sum(gen_ai_client_token_usage_count{${inOut}})`), { timeout: 20_000 }).toEqual([2]);
    expect(await value(`sum(gen_ai_client_token_usage_sum{${of},gen_ai_token_type="output"})`)).toEqual([usage!.outputTokens]);
    expect(await value(`sum(gen_ai_client_token_usage_sum{${of},gen_ai_token_type="input"})`)).toEqual([usage!.inputTokens]);

    // Its time to first token, in the histogram's bucket for it and no lower one.
    const ttft = timings.firstToken! / 1000;
    expect(await value(`sum(gen_ai_client_operation_time_to_first_chunk_count{${of}})`)).toEqual([1]);
    expect((await value(`sum(gen_ai_client_operation_time_to_first_chunk_sum{${of}})`))[0]).toBeCloseTo(ttft, 6);
    const bucket = BUCKETS.find((le) => ttft <= le)!;
    const below = BUCKETS[BUCKETS.indexOf(bucket) - 1];
    const at = (le: number) => value(`sum(gen_ai_client_operation_time_to_first_chunk_bucket{${of},le="${le}"})`);
    expect(await at(bucket)).toEqual([1]);
    if (below !== undefined) expect(await at(below)).toEqual([0]);
    expect(await value(`histogram_quantile(1, sum by (le) (gen_ai_client_operation_time_to_first_chunk_bucket{${of}}))`)).toEqual(
      [bucket],
    );

    // Sluice's own: the reply's bytes relayed, the stream closed again, and no label names an id.
    expect((await value('sum(sluice_relay_bytes_total{sluice_source="chat"})'))[0]).toBeGreaterThan(0);
    expect(await value('sum(sluice_streams_open{sluice_source="chat"})')).toEqual([0]);
    const series = await prometheus.query('{job="sluice"}');
    for (const { metric } of series)
      for (const [label, text] of Object.entries(metric)) expect(`${label}=${text}`).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(JSON.stringify(series)).not.toContain(conversationId);
  });
  it('the Grafana dashboard asks for metrics Sluice has, its queries parse, and its panels find replies', async () => {
    const dashboard = JSON.parse(readFileSync('docs/grafana/sluice.json', 'utf8')) as {
      panels: { title: string; targets?: { expr: string }[] }[];
    };
    const queries = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((t) => ({ title: panel.title, expr: t.expr })));
    expect(queries.length).toBeGreaterThan(10);
    // Every series a query names is one Sluice serves: its metrics' names, as Prometheus spells them.
    const histograms = [
      METRICS.duration,
      METRICS.timeToFirstChunk,
      METRICS.timePerOutputChunk,
      METRICS.tokenUsage,
      METRICS.storeWriteDuration,
    ];
    const counters = [
      METRICS.streamJoins,
      METRICS.capturesStored,
      METRICS.relayBytes,
      METRICS.refusedRequests,
      METRICS.cassetteLookups,
    ];
    const named = (name: string) => name.replace(/\./g, '_');
    const served = new Set([
      'target_info',
      named(METRICS.openStreams),
      ...histograms.flatMap((h) => ['_bucket', '_sum', '_count'].map((suffix) => named(h) + suffix)),
      ...counters.map((c) => `${named(c)}_total`),
    ]);
    for (const { title, expr } of queries)
      for (const [name] of expr.matchAll(/\b(?:gen_ai|sluice)_[a-z_]+(?=\{|\[|\))|\btarget_info\b/g))
        if (!/_(name|type|model|source|reason|status|result|operation|address|id)$/.test(name))
          expect(served, `${title}: ${name}`).toContain(name);
    const asGrafana = (expr: string) =>
      expr
        .replace(/\$__rate_interval/g, '1m')
        .replace(/\$__range/g, '1h')
        .replace(/\$(job|provider|model)/g, '.*');
    for (const { title, expr } of queries) await expect(prometheus.query(asGrafana(expr)), title).resolves.toBeDefined();

    // A counter's first value is not an increase: a second reply, once the first is scraped, is.
    const { reply } = await chatReply('Once more. tokens=12 tps=2000 delay=0.05');
    const tokens = queries.find((q) => q.title === 'Tokens over the range, by model')!;
    // increase() extrapolates to its range's edges: the second reply's tokens, or a little more.
    const increase = async () =>
      Object.fromEntries((await prometheus.query(asGrafana(tokens.expr))).map((s) => [s.metric.gen_ai_token_type, s.value]));
    await expect.poll(async () => ((await increase()).output ?? 0) >= reply.usage!.outputTokens!, { timeout: 20_000 }).toBe(true);
    expect(Object.keys(await increase())).toEqual(expect.arrayContaining(['input', 'output']));
  });
});
