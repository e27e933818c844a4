import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/results/**', 'next-env.d.ts'] },
  {
    // The browser's code reaches the server only over HTTP: its shapes come from lib/api.
    files: ['lib/client/**', 'components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/lib/server', '@/lib/server/*', '**/lib/server', '**/lib/server/*'],
              message:
                'Browser code may not import lib/server: use the HTTP contract in lib/api (and lib/client/api.ts to call it).',
            },
          ],
        },
      ],
    },
  },
];

export default config;
