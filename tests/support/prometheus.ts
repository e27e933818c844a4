import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './next-server';

/** The prometheus binary: CI's (.ci/prometheus prints it), else one on the PATH, else none (the test that needs it says so). */
export function prometheusBinary(): string | undefined {
  if (process.env.TEST_PROMETHEUS) return process.env.TEST_PROMETHEUS;
  const found = spawnSync('sh', ['-c', 'command -v prometheus'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

export interface RunningPrometheus {
  origin: string;
  /** A PromQL instant query's vector, each sample's labels and value. */
  query(promql: string): Promise<{ metric: Record<string, string>; value: number }[]>;
  stop(): Promise<void>;
}

/**
 * A throwaway Prometheus server on a free loopback port, scraping `target` (host:port) at
 * /metrics every second with `token` as its Bearer credential; its data in a temporary
 * folder, stopped with the test.
 */
export async function startPrometheus(binary: string, target: string, token: string): Promise<RunningPrometheus> {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-prometheus-'));
  const config = join(dir, 'prometheus.yml');
  writeFileSync(
    config,
    [
      'global:',
      '  scrape_interval: 1s',
      '  evaluation_interval: 1s',
      'scrape_configs:',
      '  - job_name: sluice',
      '    metrics_path: /metrics',
      '    authorization:',
      '      type: Bearer',
      `      credentials: ${token}`,
      '    static_configs:',
      `      - targets: ['${target}']`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const child = spawn(
    binary,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr!.on('data', (d) => (log += d));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${origin}/-/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`prometheus did not become ready:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    async query(promql) {
      const response = await fetch(`${origin}/api/v1/query?query=${encodeURIComponent(promql)}`);
      const body = (await response.json()) as {
        status: string;
        error?: string;
        data: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      if (body.status !== 'success') throw new Error(`PromQL ${promql}: ${body.error}`);
      return body.data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
