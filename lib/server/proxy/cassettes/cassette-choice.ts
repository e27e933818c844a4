import 'server-only';
import type { IncomingHttpHeaders } from 'node:http';
import { CASSETTE_MODES, CASSETTE_NAME, type CassetteMode } from '@/lib/api/cassettes';
import type { Provider } from '@/lib/providers/types';
import { readPace, type Pace } from '../replay/pace';

/** Which cassette a proxied request uses, how, and at what pace a playback goes. */
export interface CassetteChoice {
  name: string;
  mode: CassetteMode;
  pace: Pace;
}

/** The request header that picks a cassette: `x-sluice-cassette: <name>; mode=record|playback|hybrid[; pace=instant]`. */
export const CASSETTE_HEADER = 'x-sluice-cassette';

/** Where a cassette is named in the path, for apps that cannot add a header: `/cassette/{name}/{mode}/{providerId}/…`. */
export const CASSETTE_MOUNT = '/cassette/';

type Chosen = CassetteChoice | { error: string } | undefined;

function choice(name: string, mode: string | undefined, pace: string | undefined, where: string): Chosen {
  if (!CASSETTE_NAME.test(name))
    return { error: `${where}: "${name.slice(0, 100)}" is not a cassette name (letters, digits, ".", "_" and "-", up to 100).` };
  if (!CASSETTE_MODES.includes(mode as CassetteMode))
    return { error: `${where}: mode must be ${CASSETTE_MODES.join(', ')}, not "${String(mode).slice(0, 50)}".` };
  const paced = readPace(pace ?? null);
  if (!paced)
    return { error: `${where}: pace must be "recorded", "instant" or a multiple such as "2x", not "${pace?.slice(0, 50)}".` };
  return { name, mode: mode as CassetteMode, pace: paced };
}

/** `ci; mode=playback; pace=instant` (the mode defaults to record). */
export function parseCassetteHeader(value: string): Chosen {
  const [name = '', ...params] = value.split(';').map((part) => part.trim());
  const fields = Object.fromEntries(params.map((p) => p.split('=').map((s) => s.trim())));
  return choice(name, fields.mode ?? 'record', fields.pace, `${CASSETTE_HEADER}`);
}

/** `/cassette/ci/playback/openai/chat/completions` → the choice, and the proxy URL it stands for. */
export function cassetteMount(url: string): { chosen: Chosen; proxyUrl: string } | undefined {
  const match = /^\/cassette\/([^/?]*)\/([^/?]*)(\/[^?]*)?(\?.*)?$/.exec(url);
  if (!match) return undefined;
  const [, name = '', modeAndPace = '', rest = '', query = ''] = match;
  const [mode, pace] = decodeURIComponent(modeAndPace).split('+');
  return { chosen: choice(decodeURIComponent(name), mode, pace, 'the cassette path'), proxyUrl: `/proxy${rest}${query}` };
}

/** The request's own choice (its header, or the path it came by) before the provider's (the providers file's `cassette`). */
export function cassetteFor(headers: IncomingHttpHeaders, provider: Provider, mounted?: CassetteChoice): Chosen {
  const header = headers[CASSETTE_HEADER];
  if (typeof header === 'string' && header.trim()) return parseCassetteHeader(header);
  if (mounted) return mounted;
  const configured = provider.cassette;
  return configured ? choice(configured.name, configured.mode, configured.pace, `provider ${provider.id}'s cassette`) : undefined;
}
