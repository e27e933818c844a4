import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { freePort } from './support/next-server';

it('npm start refuses a bad providers file, naming the file, the provider and the field', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'sluice-bad-')), 'providers.json');
  writeFileSync(file, JSON.stringify({ providers: [{ id: 'groq', protocol: 'openai-chat', baseUrl: 'ftp://nope' }] }));
  const run = spawnSync('node', ['scripts/start.mjs'], {
    env: { ...process.env, SLUICE_CONFIG: file, PORT: String(await freePort()) },
    encoding: 'utf8',
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(file);
  expect(run.stderr).toContain('provider "groq" (providers[0]), field "baseUrl"');
});

it('npm start refuses a corrupt embedded database, naming its folder', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-corrupt-'));
  writeFileSync(join(dir, 'PG_VERSION'), 'garbage\n');
  const run = spawnSync('node', ['scripts/start.mjs'], {
    env: { ...process.env, SLUICE_CONFIG: '', SLUICE_DATA_DIR: dir, PORT: String(await freePort()) },
    encoding: 'utf8',
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(`Sluice cannot start: Cannot open the embedded database in ${dir} (SLUICE_DATA_DIR)`);
});

it('npm start refuses an unreachable PostgreSQL server, naming it without its password', async () => {
  const run = spawnSync('node', ['scripts/start.mjs'], {
    env: {
      ...process.env,
      SLUICE_CONFIG: '',
      DATABASE_URL: 'postgres://sluice:pa55word-secret@127.0.0.1:1/sluice',
      PORT: String(await freePort()),
    },
    encoding: 'utf8',
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(
    /Sluice cannot start: Cannot open the PostgreSQL database at 127\.0\.0\.1:1\/sluice \(DATABASE_URL\): .*ECONNREFUSED/,
  );
  expect(run.stdout + run.stderr).not.toContain('pa55word');
});

it('npm start refuses an unreachable Redis server, naming REDIS_URL without its password', async () => {
  const run = spawnSync('node', ['scripts/start.mjs'], {
    env: {
      ...process.env,
      SLUICE_CONFIG: '',
      SLUICE_DATA_DIR: mkdtempSync(join(tmpdir(), 'sluice-redis-')),
      REDIS_URL: 'redis://:r3dis-secret@127.0.0.1:1/2',
      PORT: String(await freePort()),
    },
    encoding: 'utf8',
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(
    /Sluice cannot start: Cannot reach Redis at redis:\/\/127\.0\.0\.1:1\/2 \(REDIS_URL\): .*ECONNREFUSED/,
  );
  expect(run.stdout + run.stderr).not.toContain('r3dis-secret');
});

it('npm start on a non-loopback HOST refuses to start without SLUICE_ALLOWED_HOSTS, saying why', async () => {
  const run = spawnSync('node', ['scripts/start.mjs'], {
    env: { ...process.env, SLUICE_CONFIG: '', HOST: '0.0.0.0', PORT: String(await freePort()), SLUICE_ALLOWED_HOSTS: '' },
    encoding: 'utf8',
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(
    'Sluice cannot start: HOST=0.0.0.0 serves it beyond this machine, but SLUICE_ALLOWED_HOSTS is not set.',
  );
});

it('npm start on a non-loopback HOST with SLUICE_ALLOWED_HOSTS warns that there is no login', async () => {
  // A corrupt data folder stops it right after the check, before it answers anyone.
  const dir = mkdtempSync(join(tmpdir(), 'sluice-corrupt-'));
  writeFileSync(join(dir, 'PG_VERSION'), 'garbage\n');
  const run = spawnSync('node', ['scripts/start.mjs'], {
    env: {
      ...process.env,
      SLUICE_CONFIG: '',
      SLUICE_DATA_DIR: dir,
      HOST: '0.0.0.0',
      PORT: String(await freePort()),
      SLUICE_ALLOWED_HOSTS: 'sluice.example.com',
    },
    encoding: 'utf8',
  });
  expect(run.stderr).toContain('There is no login: anyone who can reach this port can use the configured API keys');
});

it('npm start refuses a wrong environment variable, naming it and what it expects', async () => {
  const run = spawnSync('node', ['scripts/start.mjs'], {
    env: { ...process.env, SLUICE_CONFIG: '', SLUICE_IDLE_TIMEOUT_MS: 'soon', PORT: String(await freePort()) },
    encoding: 'utf8',
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('Sluice cannot start: an environment variable is wrong.');
  expect(run.stderr).toContain('SLUICE_IDLE_TIMEOUT_MS must be a whole number of milliseconds');
});

it('npm start tells npm run with where it serves, so a port given once is not given again', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-address-'));
  const port = String(await freePort());
  const env = { ...process.env, SLUICE_CONFIG: '', SLUICE_DATA_DIR: dir };
  const server = spawn('node', ['scripts/start.mjs'], { env: { ...env, PORT: port }, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    let out = '';
    server.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
    await new Promise<void>((ready, failed) => {
      server.stdout.on('data', () => out.includes('Sluice is ready') && ready());
      server.on('exit', (code) => failed(new Error(`npm start exited (${code}): ${out}`)));
    });
    expect(readFileSync(join(dir, 'address'), 'utf8').trim()).toBe(`http://127.0.0.1:${port}`);
    const withoutPort: NodeJS.ProcessEnv = { ...env };
    delete withoutPort.PORT;
    const run = spawnSync('node', ['scripts/with.mjs', '--', 'node', '-e', 'process.stdout.write(process.env.OPENAI_BASE_URL)'], {
      env: withoutPort,
      encoding: 'utf8',
    });
    expect(run.stderr).not.toContain('not answering');
    expect(run.stdout).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/proxy/`));
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((done) => server.on('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
  }
  // Stopped, it no longer says it serves.
  expect(existsSync(join(dir, 'address'))).toBe(false);
}, 120_000);
