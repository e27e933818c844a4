import 'server-only';
import type { ProxyIo } from '../proxy-io';
import { serveProxy } from '../forward';
import { refusedHere, sendError } from '../io-answers';
import { cassetteMount } from './cassette-choice';

/**
 * `/cassette/{name}/{mode}[+pace]/{providerId}/…`: the proxy with a cassette named in
 * the path, for an app that can set its SDK's base URL but not a header
 * (`npm run with -- --cassette=NAME --mode=playback …`).
 */
export async function serveCassettePath(io: ProxyIo): Promise<void> {
  const mount = cassetteMount(io.url);
  if (!mount) {
    if (await refusedHere(io)) return;
    return sendError(io, 404, 'not_found', 'Cassette paths are /cassette/{name}/{mode}/{providerId}/… .');
  }
  if (mount.chosen && 'error' in mount.chosen) {
    if (await refusedHere(io)) return;
    return sendError(io, 400, 'invalid_request', mount.chosen.error);
  }
  return serveProxy({ ...io, url: mount.proxyUrl }, mount.chosen);
}
