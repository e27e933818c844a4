import { describe, expect, inject, it } from 'vitest';
import { SECRET_KEY } from './support/global-setup';

const base = inject('baseUrl');

describe('GET /api/providers and /api/health', () => {
  it('answers health once ready', async () => {
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('lists the simulator and configured providers, with no key anywhere', async () => {
    const response = await fetch(`${base}/api/providers`);
    const text = await response.text();
    expect(text).not.toContain(SECRET_KEY);
    const { providers } = JSON.parse(text) as {
      providers: { id: string; hasKey: boolean; models: { id: string }[]; modelsError?: string }[];
    };
    expect(providers.map((p) => p.id).slice(0, 6)).toEqual([
      'sim-openai',
      'sim-anthropic',
      'sim-responses',
      'sim-gemini',
      'keyed',
      'keyed-env',
    ]);
    expect(providers[0]!.models.map((m) => m.id)).toContain('sim-thinking');
    const keyed = providers.find((p) => p.id === 'keyed')!;
    expect(keyed.hasKey).toBe(true);
    // No models listed: discovery was tried against a closed port and says why.
    expect(keyed.modelsError).toMatch(/Model discovery failed: .*ECONNREFUSED/);
    expect(providers.find((p) => p.id === 'keyed-env')).toMatchObject({ hasKey: true, models: [{ id: 'm1' }] });
  });

  it('serves the simulator over real HTTP, streaming', async () => {
    const response = await fetch(`${base}/api/sim/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'sim-markdown',
        stream: true,
        messages: [{ role: 'user', content: 'tokens=40 tps=40 delay=0' }],
      }),
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body!.getReader();
    const started = performance.now();
    const first = await reader.read();
    const firstAt = performance.now() - started;
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    const total = performance.now() - started;
    expect(new TextDecoder().decode(first.value)).toContain('chat.completion.chunk');
    expect(rest).toContain('data: [DONE]');
    // 40 tokens at 40/s take about a second; the first bytes came long before the last.
    expect(total - firstAt).toBeGreaterThan(500);
  });

  it('discovers a simulator model list like any upstream', async () => {
    const response = await fetch(`${base}/api/sim/gemini/v1beta/models`);
    const body = (await response.json()) as { models: { name: string }[] };
    expect(body.models.map((m) => m.name)).toContain('models/sim-echo');
  });
});
