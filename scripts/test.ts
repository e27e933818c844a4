/**
 * `npm test`: every layer in turn — unit, then a fresh production build, then
 * integration against the real server (scripts/serve.mjs), then end-to-end in a real Chromium.
 */
import { spawnSync } from 'node:child_process';

const steps: [label: string, command: string, args: string[]][] = [
  ['unit', 'node_modules/.bin/vitest', ['run', '--project', 'unit']],
  ['build', 'node_modules/.bin/next', ['build']],
  ['integration', 'node_modules/.bin/vitest', ['run', '--project', 'integration']],
  ['end-to-end', 'node_modules/.bin/playwright', ['test']],
];

for (const [label, command, args] of steps) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = performance.now();
  const run = spawnSync(command, args, { stdio: 'inherit' });
  // CI has a 20-minute budget: each layer says what it took, so a slow one is seen early.
  console.log(`=== ${label}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (run.status !== 0) {
    console.error(`\n=== ${label} failed (exit ${run.status ?? run.signal})`);
    process.exit(run.status ?? 1);
  }
}
console.log('\n=== all test layers passed');
