import { describe, expect, it } from 'vitest';
import { serveThroughRoute } from './web-io';
import { asksForWebSocket, refusingUpgrades } from './websocket-route';

describe('the fallback route and WebSocket upgrades', () => {
  it('an upgrade is answered at once with a 501 saying why, never forwarded', async () => {
    let served = 0;
    const serve = refusingUpgrades(async (io) => {
      served++;
      io.writeHead(200, {});
      io.end();
    });
    const upgrade = new Request('http://127.0.0.1/proxy/sim-openai/responses', {
      headers: { upgrade: 'websocket', connection: 'Upgrade', 'sec-websocket-version': '13' },
    });
    const response = await serveThroughRoute(upgrade, serve);
    expect(response.status).toBe(501);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.message).toContain('cannot take a WebSocket upgrade');
    expect(served).toBe(0);
    expect((await serveThroughRoute(new Request('http://127.0.0.1/proxy/sim-openai/models'), serve)).status).toBe(200);
    expect(served).toBe(1);
  });

  it('reads the Upgrade header’s protocols', () => {
    expect(asksForWebSocket({ upgrade: 'WebSocket' })).toBe(true);
    expect(asksForWebSocket({ upgrade: 'h2c, websocket' })).toBe(true);
    expect(asksForWebSocket({ upgrade: 'h2c' })).toBe(false);
    expect(asksForWebSocket({})).toBe(false);
  });
});
