import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/** Where the server's secrets live: its files, its environment, the keys. The browser reaches them only over HTTP. */
const SERVER_ONLY = [
  {
    group: [
      '@/lib/server',
      '@/lib/server/*',
      '**/lib/server',
      '**/lib/server/*',
      '../server',
      '../server/*',
      '../../server',
      '../../server/*',
    ],
    message: 'Browser code may not import lib/server: use the HTTP contract in lib/api (and lib/client/api.ts to call it).',
  },
  {
    group: [
      '@/lib/providers',
      '@/lib/providers/*',
      '**/lib/providers',
      '**/lib/providers/*',
      '../providers',
      '../providers/*',
      '../../providers',
      '../../providers/*',
    ],
    message:
      'Browser code may not import lib/providers (files, environment, secrets): the public provider list is in lib/api/providers.ts.',
  },
];

/** What stands above lib/client/thread: markdown rendering and the features. */
const ABOVE_THREAD = ['chat', 'compare', 'diff', 'history', 'event-log', 'traffic', 'runs', 'markdown'].map(
  (folder) => `./lib/client/${folder}`,
);

/**
 * lib/server is a stack of floors, each importing only the floors below it, and the
 * features (chat, proxy, records) stand side by side on one floor and never import each
 * other: what two features share belongs to a floor below both. host/ is the top: the
 * route wrapper, the start checks and the shut-down, which may reach every feature.
 */
const SERVER_FLOORS = [
  ['platform'],
  ['http'],
  ['database'],
  ['store'],
  ['streams'],
  ['auth'],
  ['views'],
  ['chat', 'proxy', 'records'],
  ['host'],
];
const serverFolder = (name) => `./lib/server/${name}`;
const SERVER_ZONES = SERVER_FLOORS.flatMap((floor, level) => {
  const above = SERVER_FLOORS.slice(level + 1).flat();
  return floor.map((name) => ({
    target: serverFolder(name),
    from: [...above, ...floor.filter((other) => other !== name)].map(serverFolder),
    message:
      `lib/server/${name} may import only the floors below it (${SERVER_FLOORS.slice(0, level).flat().join(', ') || 'none'}): ` +
      'a floor never reaches up, and a feature never imports another feature.',
  }));
});

/** Code of no server: the browser, and the wire code both sides share. */
const BROWSER = ['./lib/client', './components'];

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/results/**', 'next-env.d.ts'] },
  {
    // Prettier wraps code at 130; what it cannot wrap (a string, a class list) is split by hand below this.
    rules: { 'max-len': ['error', { code: 160, ignoreUrls: false, ignoreStrings: false, ignoreTemplateLiterals: false }] },
  },
  {
    // The identifier is made once per process by whichever Next.js bundle asks first, and
    // throws that bundle's class: `instanceof` fails in every other bundle (a 500, not a 401).
    files: ['lib/server/**', 'app/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator='instanceof'][right.name='SignInRequired']",
          message: 'Use isSignInRequired(error) (lib/server/auth/identity.ts): each Next.js bundle has its own class.',
        },
      ],
    },
  },
  {
    // The browser's code, and the wire code it shares with the server, reach the server only over HTTP: its shapes come from lib/api.
    files: [
      'lib/client/**',
      'components/**',
      'lib/api/**',
      'lib/sse/**',
      'lib/protocols/**',
      'lib/assemble/**',
      'lib/event-log/**',
      'lib/markdown/**',
      'lib/pricing/**',
      'lib/figures/**',
      'lib/runs/**',
      'lib/http/**',
      'lib/*.ts',
    ],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: SERVER_ONLY }] },
  },
  {
    // The SSE layer is below the HTTP contract: lib/api may name its markers, never the other way round.
    files: ['lib/sse/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...SERVER_ONLY,
            {
              group: ['@/lib/api', '@/lib/api/*', '**/lib/api', '**/lib/api/*'],
              message: 'lib/sse is below lib/api: declare the name here and let lib/api import it.',
            },
          ],
        },
      ],
    },
  },
  {
    // lib/client is a stack, each layer importing only those below it: api.ts, stream/
    // (one reply's bytes), thread/ (the page's messages, its frame loop, the thread
    // runner), markdown/, then the features side by side. An import circle would make
    // the order in which modules run depend on who imports first.
    files: ['lib/client/**', 'components/**'],
    rules: {
      'import/no-cycle': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './lib/client/api.ts',
              from: './lib/client',
              except: ['./api.ts'],
              message: 'api.ts is the bottom of lib/client: it calls the server and imports nothing of the page.',
            },
            {
              target: './lib/client/stream',
              from: [...ABOVE_THREAD, './lib/client/thread'],
              message: 'A stream writes to the sink its runner hands it: stream/ may not import thread/, markdown/ or a feature.',
            },
            {
              target: './lib/client/thread',
              from: ABOVE_THREAD,
              message: 'thread/ is below every feature: a feature gives a runner what it needs through its ThreadHost.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's floors (SERVER_FLOORS), the simulator and the contract: each wall is a
    // lint error, and tests/unit/fences.test.ts shows each refusing a probe.
    files: ['lib/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...SERVER_ZONES,
            {
              target: ['./lib/server', './lib/simulator', './lib/providers'],
              from: BROWSER,
              message:
                'Server code may not import browser code: what both need belongs in a shared module (lib/assemble, lib/api, …).',
            },
            {
              target: './lib/simulator',
              from: './lib/server',
              message: 'The simulator is an upstream of its own: what it shares with lib/server goes below both (lib/http).',
            },
            {
              target: [
                './lib/api',
                './lib/protocols',
                './lib/assemble',
                './lib/sse',
                './lib/pricing',
                './lib/figures',
                './lib/runs',
                './lib/http',
              ],
              from: [...BROWSER, './lib/server', './lib/simulator'],
              message: 'The contract and the wire code are below the browser and the servers: they import neither.',
            },
          ],
        },
      ],
    },
  },
  {
    // An import circle makes the order modules run in depend on who imports first.
    files: ['lib/server/**', 'lib/protocols/**', 'lib/simulator/**'],
    rules: { 'import/no-cycle': 'error' },
  },
];

export default config;
