import 'server-only';
import type { ProtocolId } from '@/lib/protocols/ids';
import { type Env, readVariable } from '@/lib/server/platform/environment';
import { SIM_MODELS } from './simulator-models';
import type { ModelPrice } from './config-schema';
import type { Provider } from './types';

/** Where the simulator is mounted in the app (app/api/sim/[...path]/route.ts). */
export const SIM_MOUNT = '/api/sim';

/**
 * The simulator's own list prices (US dollars per million tokens) and context window,
 * made up and different per simulated provider, so that cost, context and the race's
 * cheapest pane can be tried offline. Real providers are priced from the catalog.
 */
const SIMULATORS: { id: string; name: string; protocol: ProtocolId; path: string; price: ModelPrice }[] = [
  {
    id: 'sim-openai',
    name: 'Simulator · OpenAI Chat',
    protocol: 'openai-chat',
    path: '/openai/v1',
    price: { input: 0.5, output: 1.5, cachedInput: 0.25, contextWindow: 128_000 },
  },
  {
    id: 'sim-anthropic',
    name: 'Simulator · Anthropic Messages',
    protocol: 'anthropic-messages',
    path: '/anthropic/v1',
    price: { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75, contextWindow: 200_000 },
  },
  {
    id: 'sim-responses',
    name: 'Simulator · OpenAI Responses',
    protocol: 'openai-responses',
    path: '/openai/v1',
    price: { input: 1.25, output: 10, cachedInput: 0.125, contextWindow: 400_000 },
  },
  {
    id: 'sim-gemini',
    name: 'Simulator · Gemini',
    protocol: 'gemini',
    path: '/gemini/v1beta',
    price: { input: 0.3, output: 2.5, cachedInput: 0.03, contextWindow: 1_048_576 },
  },
];

/** The app's own origin on loopback: the BFF reaches the simulator over real HTTP like any upstream. */
export function selfOrigin(env: Env = process.env): string {
  const origin = readVariable('SLUICE_SIM_ORIGIN', env);
  if (origin) return origin;
  const bound = readVariable('HOST', env);
  const host = bound === '0.0.0.0' || bound === '::' ? '127.0.0.1' : bound;
  return `http://${host.includes(':') ? `[${host}]` : host}:${readVariable('PORT', env)}`;
}

export function simulatorProviders(env: Env = process.env): Provider[] {
  const origin = selfOrigin(env);
  return SIMULATORS.map((s) => ({
    id: s.id,
    name: s.name,
    protocol: s.protocol,
    baseUrl: `${origin}${SIM_MOUNT}${s.path}`,
    builtin: true,
    headers: {},
    secrets: [],
    models: SIM_MODELS.map((m) => ({ id: m.id, description: m.description })),
    prices: Object.fromEntries(SIM_MODELS.map((m) => [m.id, s.price])),
  }));
}
