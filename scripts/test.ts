/**
 * `npm test`: every layer in turn — unit, then a fresh production build, then
 * integration against a real `next start`, then end-to-end in a real Chromium.
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
  const run = spawnSync(command, args, { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`\n=== ${label} failed (exit ${run.status ?? run.signal})`);
    process.exit(run.status ?? 1);
  }
}
console.log('\n=== all test layers passed');
