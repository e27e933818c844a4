import type { ProtocolId } from '@/lib/protocols/ids';
import { SIM_MODELS } from '@/lib/simulator/catalog';
import type { Env, Provider } from './types';

/** Where the simulator is mounted in the app (app/api/sim/[...path]/route.ts). */
export const SIM_MOUNT = '/api/sim';

const SIMULATORS: { id: string; name: string; protocol: ProtocolId; path: string }[] = [
  { id: 'sim-openai', name: 'Simulator · OpenAI Chat', protocol: 'openai-chat', path: '/openai/v1' },
  { id: 'sim-anthropic', name: 'Simulator · Anthropic Messages', protocol: 'anthropic-messages', path: '/anthropic/v1' },
  { id: 'sim-responses', name: 'Simulator · OpenAI Responses', protocol: 'openai-responses', path: '/openai/v1' },
  { id: 'sim-gemini', name: 'Simulator · Gemini', protocol: 'gemini', path: '/gemini/v1beta' },
];

/** The app's own origin on loopback: the BFF reaches the simulator over real HTTP like any upstream. */
export function selfOrigin(env: Env = process.env): string {
  if (env.SLUICE_SIM_ORIGIN) return env.SLUICE_SIM_ORIGIN.replace(/\/$/, '');
  const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT ?? '3000'}`;
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
  }));
}
