/**
 * Not a benchmark: the recording proxy's first byte through one build under two servers,
 * in turns. `next start` with the lean path on Node's `request` event (lean-path.ts's
 * `installLeanPath`), and scripts/serve.mjs, a Next.js custom server calling the same
 * `leanRequest` before Next.js's handler; beside them direct, the Node pipe floor, and
 * the proxy's Next.js route (the fallback, `/./proxy/…` on the custom server). Each run
 * starts both servers afresh, warms every target, then takes first-byte rounds in
 * blocks of five per target a turn (as bench/proxy.ts); p50 and p99 added over direct,
 * per run and pooled. Build first (`npx next build`).
 *
 *   npx tsx --conditions=react-server bench/ab-seam.ts [runs] [rounds per run]
 */
import { loadavg } from 'node:os';
import { startNextServer } from '../tests/support/next-server';
import { settled, stream, throughput, type Target } from './relay';
import { benchProvidersFile, startBenchUpstream, startFloorPipe } from './relay-peers';
import { median, pct } from './report';

const [runsArg = '3', roundsArg = '20'] = process.argv.slice(2);
const BLOCK = 5;

const upstream = await startBenchUpstream();
const floor = await startFloorPipe(upstream.origin);
const env = { SLUICE_CONFIG: benchProvidersFile(upstream.origin), SLUICE_CAPTURE_RETENTION: '1000000' };
const body = (model: string) => JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: 'bench' }] });
const headers = { authorization: 'Bearer sk-bench-not-a-key' };
const NAMES = ['direct', 'floor', 'next start + emit patch', 'custom server', 'Next.js route (fallback)'] as const;
const pooled = NAMES.map(() => [] as number[]);
const ms = (v: number) => (v >= 0 ? '+' : '') + v.toFixed(3);

try {
  for (let run = 0; run < Number(runsArg); run++) {
    const load = loadavg()[0]!.toFixed(1);
    // Started in alternating order, so neither is always the younger process.
    const order = run % 2 ? (['custom', 'next'] as const) : (['next', 'custom'] as const);
    const started: Record<string, Awaited<ReturnType<typeof startNextServer>>> = {};
    for (const which of order) started[which] = await startNextServer(env, { nextStart: which === 'next' });
    const { next, custom } = started as { next: (typeof started)[string]; custom: (typeof started)[string] };
    try {
      const targets: Target[] = [
        { name: 'direct', url: `${upstream.origin}/v1/chat/completions`, body, headers },
        { name: 'floor', url: floor.origin, body, headers },
        { name: 'next', url: `${next!.origin}/proxy/bench/chat/completions`, body, headers },
        { name: 'custom', url: `${custom!.origin}/proxy/bench/chat/completions`, body, headers },
        { name: 'fallback', url: `${custom!.origin}/./proxy/bench/chat/completions`, body, headers },
      ];
      // Not lean-served by accident, nor the other way: Next.js sets `vary` on what it answers, the lean path not.
      for (const target of targets.slice(2)) {
        let vary: unknown;
        await stream(target, 'stamped-2-1', (_close, head) => (vary = head.vary));
        console.error(`${target.name}: ${vary ? 'through Next.js' : 'lean'}`);
      }
      for (const target of targets) for (let i = 0; i < 3; i++) await throughput(target, 100, 500);
      for (const target of targets) for (let i = 0; i < 10; i++) await stream(target, 'stamped-60-2');
      await Promise.all([next!.process.pid!, custom!.process.pid!].map(settled));
      const firstByte = targets.map(() => [] as number[]);
      // The two servers swap places in every other turn, so neither always follows the same target.
      for (let round = 0; round < Number(roundsArg); round++)
        for (const i of round % 2 ? [0, 1, 3, 2, 4] : [0, 1, 2, 3, 4])
          for (let k = 0; k < BLOCK; k++) firstByte[i]!.push((await stream(targets[i]!, 'stamped-60-2')).headers);
      const d50 = median(firstByte[0]!);
      const d99 = pct(firstByte[0]!, 99);
      console.log(
        `run ${run + 1} (load ${load} → ${loadavg()[0]!.toFixed(1)}, ${firstByte[0]!.length} a target): direct p50 ${d50.toFixed(3)} p99 ${d99.toFixed(3)}; ` +
          NAMES.slice(1)
            .map((name, j) => `${name} ${ms(median(firstByte[j + 1]!) - d50)} / ${ms(pct(firstByte[j + 1]!, 99) - d99)}`)
            .join('; '),
      );
      for (const [i, values] of firstByte.entries()) pooled[i]!.push(...values.map((v) => v - d50));
    } finally {
      await next!.stop();
      await custom!.stop();
    }
  }
  // Each value less its run's direct p50, so that runs at different loads pool; then each target's p50 and p99 less direct's.
  console.log(`pooled, ${pooled[0]!.length} a target: p50 / p99 added over direct`);
  for (const [i, name] of NAMES.entries())
    console.log(
      `  ${name.padEnd(26)} ${ms(median(pooled[i]!) - median(pooled[0]!))} / ${ms(pct(pooled[i]!, 99) - pct(pooled[0]!, 99))} ms`,
    );
} finally {
  floor.stop();
  upstream.server.closeAllConnections();
  upstream.server.close();
}
