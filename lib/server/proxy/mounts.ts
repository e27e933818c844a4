import 'server-only';
import { CASSETTE_MOUNT } from './cassettes/cassette-choice';
import { serveCassettePath } from './cassettes/serve-cassette-path';
import { REPLAY_MOUNT, serveReplay } from './replay/serve-replay';
import { serveProxy } from './forward';
import type { ProxyIo } from './proxy-io';
import { PROXY_MOUNT } from './target';

type Serve = (io: ProxyIo) => Promise<void>;

/** The paths that stand in for an upstream's base URL, each with what serves it: the lean path's and the fallback routes' one list. */
const MOUNTS: [string, Serve][] = [
  [PROXY_MOUNT, serveProxy],
  [REPLAY_MOUNT, serveReplay],
  [CASSETTE_MOUNT, serveCassettePath],
];

/** What serves this request path, if it is under a mount. */
export function mountedAt(url: string | undefined): Serve | undefined {
  if (!url) return undefined;
  for (const [mount, serve] of MOUNTS) if (url.startsWith(mount)) return serve;
  return undefined;
}
