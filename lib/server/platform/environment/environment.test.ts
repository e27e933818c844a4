import { describe, expect, it } from 'vitest';
import { relaySettings } from '@/lib/server/streams/settings';
import { liveSettings } from '@/lib/server/streams/live';
import { type Env, EnvironmentError, checkEnvironment, readVariable } from './index';

/** Expects reading to throw an EnvironmentError: `message` is its whole message, or a pattern it matches. */
function expectProblem(read: () => unknown, message: string | RegExp) {
  expect(read).toThrow(EnvironmentError);
  expect(read).toThrow(typeof message === 'string' ? new EnvironmentError([message]) : message);
}

const checking = (env: Env) => () => checkEnvironment(env);

describe('the environment, read', () => {
  it('unset, every variable takes the default the readers always had', () => {
    expect(checkEnvironment({})).toEqual({
      PORT: 3000,
      HOST: '127.0.0.1',
      SLUICE_CONFIG: undefined,
      SLUICE_DATA_DIR: '.data',
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      SLUICE_ALLOWED_HOSTS: [],
      SLUICE_AUTH: 'none',
      SLUICE_AUTH_JWT_HEADER: undefined,
      SLUICE_AUTH_JWKS_URL: undefined,
      SLUICE_AUTH_ISSUER: undefined,
      SLUICE_AUTH_AUDIENCE: undefined,
      SLUICE_AUTH_USER_HEADER: undefined,
      SLUICE_AUTH_EMAIL_HEADER: undefined,
      SLUICE_TRUSTED_PROXIES: [],
      SLUICE_OIDC_ISSUER: undefined,
      SLUICE_OIDC_CLIENT_ID: undefined,
      SLUICE_OIDC_CLIENT_SECRET: undefined,
      SLUICE_PUBLIC_URL: undefined,
      SLUICE_OIDC_ROLE_CLAIM: undefined,
      SLUICE_OIDC_REQUIRED_ROLE: undefined,
      SLUICE_ADMIN_EMAILS: [],
      SLUICE_KEEPALIVE_MS: 15_000,
      SLUICE_IDLE_TIMEOUT_MS: 120_000,
      SLUICE_UPSTREAM_TIMEOUT_MS: 30_000,
      SLUICE_EVENT_LOG_MAX_BYTES: 1024 * 1024,
      SLUICE_MAX_SSE_LINE_BYTES: 4 * 1024 * 1024,
      SLUICE_MAX_SSE_EVENT_BYTES: 8 * 1024 * 1024,
      SLUICE_MAX_REPLY_BYTES: 16 * 1024 * 1024,
      SLUICE_CAPTURE_RETENTION: 1000,
      SLUICE_CASSETTE_DIR: 'cassettes',
      SLUICE_STREAM_RETENTION_MS: 5 * 60_000,
      SLUICE_UNWATCHED_LIMIT_MS: 15 * 60_000,
      OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: undefined,
      OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: undefined,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
      OTEL_EXPORTER_OTLP_HEADERS: undefined,
      OTEL_SERVICE_NAME: 'sluice',
      OTEL_METRIC_EXPORT_INTERVAL: 60_000,
      SLUICE_OTEL_CONTENT: false,
      SLUICE_METRICS_TOKEN: undefined,
      SLUICE_SIM_ORIGIN: undefined,
      SLUICE_BENCH_UPSTREAM: undefined,
      SLUICE_BENCH_PAGES: false,
    });
  });

  it('counts an empty (or blank) value as unset, as `NAME= npm start` means', () => {
    expect(readVariable('PORT', { PORT: '' })).toBe(3000);
    expect(readVariable('SLUICE_CONFIG', { SLUICE_CONFIG: '' })).toBeUndefined();
    expect(readVariable('SLUICE_KEEPALIVE_MS', { SLUICE_KEEPALIVE_MS: '  ' })).toBe(15_000);
  });

  it('parses each kind of value', () => {
    const env = checkEnvironment({
      PORT: '4010',
      HOST: '::',
      SLUICE_DATA_DIR: '/var/lib/sluice',
      DATABASE_URL: 'postgres://sluice:pw@db-host:5432/sluice',
      REDIS_URL: 'rediss://:pw@redis-host:6380/1',
      SLUICE_ALLOWED_HOSTS: 'sluice.example.com, 10.0.0.5:3000 *.corp.example [2001:db8::1]:443',
      SLUICE_IDLE_TIMEOUT_MS: ' 1500 ',
      SLUICE_UPSTREAM_TIMEOUT_MS: '1e3',
      SLUICE_MAX_REPLY_BYTES: '4194304',
      SLUICE_SIM_ORIGIN: 'http://127.0.0.1:3000/',
      SLUICE_BENCH_UPSTREAM: 'http://127.0.0.1:4010',
      SLUICE_BENCH_PAGES: '1',
    });
    expect(env).toMatchObject({
      PORT: 4010,
      HOST: '::',
      SLUICE_DATA_DIR: '/var/lib/sluice',
      SLUICE_ALLOWED_HOSTS: ['sluice.example.com', '10.0.0.5', '.corp.example', '[2001:db8::1]'],
      SLUICE_IDLE_TIMEOUT_MS: 1500,
      SLUICE_UPSTREAM_TIMEOUT_MS: 1000,
      SLUICE_MAX_REPLY_BYTES: 4 * 1024 * 1024,
      SLUICE_SIM_ORIGIN: 'http://127.0.0.1:3000',
      SLUICE_BENCH_UPSTREAM: 'http://127.0.0.1:4010',
      SLUICE_BENCH_PAGES: true,
    });
    expect(readVariable('DATABASE_URL', { DATABASE_URL: '/var/run/postgresql sluice' })).toBe('/var/run/postgresql sluice');
    expect(readVariable('REDIS_URL', { REDIS_URL: '/tmp/redis.sock' })).toBe('/tmp/redis.sock');
    expect(readVariable('SLUICE_BENCH_PAGES', { SLUICE_BENCH_PAGES: 'off' })).toBe(false);
    expect(readVariable('SLUICE_BENCH_PAGES', { SLUICE_BENCH_PAGES: ' True ' })).toBe(true);
  });

  it('feeds the relay and live settings', () => {
    expect(relaySettings({ SLUICE_KEEPALIVE_MS: '300', SLUICE_MAX_SSE_LINE_BYTES: '131072' })).toEqual({
      keepAliveMs: 300,
      idleMs: 120_000,
      headersTimeoutMs: 30_000,
      eventLogMaxBytes: 1024 * 1024,
      limits: { maxLineBytes: 131_072, maxEventBytes: 8 * 1024 * 1024, maxReplyBytes: 16 * 1024 * 1024 },
    });
    expect(liveSettings({ SLUICE_UNWATCHED_LIMIT_MS: '1000' })).toEqual({ retentionMs: 300_000, unwatchedLimitMs: 1000 });
  });
});

describe('a value Sluice cannot use', () => {
  it('is named with its value and what the variable expects', () => {
    expectProblem(
      checking({ SLUICE_IDLE_TIMEOUT_MS: 'abc' }),
      'SLUICE_IDLE_TIMEOUT_MS must be a whole number of milliseconds from 1 to 2147483647 (got "abc")',
    );
    expectProblem(checking({ PORT: '80a' }), 'PORT must be a port number from 1 to 65535 (got "80a")');
    expectProblem(
      checking({ SLUICE_SIM_ORIGIN: 'localhost:3000' }),
      'SLUICE_SIM_ORIGIN must be an http:// or https:// URL (got "localhost:3000")',
    );
    expectProblem(
      checking({ SLUICE_BENCH_PAGES: 'maybe' }),
      'SLUICE_BENCH_PAGES must be 1 or 0 (or true/false, yes/no, on/off) (got "maybe")',
    );
    // The exporters Sluice ships speak OTLP over HTTP: a gRPC collector is named at start, not failed at each export.
    expectProblem(
      checking({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }),
      'OTEL_EXPORTER_OTLP_PROTOCOL must be one of http/protobuf, http/json (got "grpc")',
    );
  });

  it.each([
    ['SLUICE_KEEPALIVE_MS', '0'],
    ['SLUICE_KEEPALIVE_MS', '-5'],
    ['SLUICE_KEEPALIVE_MS', '1.5'],
    // A longer timer fires at once in Node.
    ['SLUICE_UNWATCHED_LIMIT_MS', '2147483648'],
    ['SLUICE_MAX_REPLY_BYTES', '16MiB'],
    ['PORT', '65536'],
    ['HOST', 'http://0.0.0.0'],
    ['SLUICE_BENCH_UPSTREAM', 'ftp://127.0.0.1'],
  ])('%s=%s is refused', (name, value) => {
    expectProblem(checking({ [name]: value }), new RegExp(`^${name} must be .* \\(got "${value.replace(/\./g, '\\.')}"\\)$`));
  });

  it('in SLUICE_ALLOWED_HOSTS, is the name no Host header could match', () => {
    expectProblem(
      checking({ SLUICE_ALLOWED_HOSTS: 'sluice.example.com, https://sluice.example.com/' }),
      /^SLUICE_ALLOWED_HOSTS must be host names, .* \(got "https:\/\/sluice\.example\.com\/" among them\)$/,
    );
    expectProblem(checking({ SLUICE_ALLOWED_HOSTS: 'fe80::1' }), /or \[2001:db8::1\] \(got "fe80::1" among them\)$/);
  });

  it('never shows a connection URL past its scheme: it may hold a password', () => {
    const database = checking({ DATABASE_URL: 'mysql://sluice:hunter2@db-host/sluice' });
    expectProblem(
      database,
      'DATABASE_URL must be a postgres:// URL (such as postgres://user:password@db-host:5432/sluice), ' +
        "a socket: URL or a Unix socket folder's path (got a mysql:// URL, the rest hidden as it may hold a password)",
    );
    const redis = checking({ REDIS_URL: 'user:hunter2@redis-host:6379' });
    expectProblem(redis, /^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL .*\(got a value of another form, the rest hidden/);
    expect(database).not.toThrow(/hunter2/);
    expect(redis).not.toThrow(/hunter2/);
  });

  it('is cut short when long', () => {
    expectProblem(checking({ HOST: 'x '.repeat(100) }), new RegExp(`\\(got "${'x '.repeat(40)}…"\\)$`));
  });

  it('checkEnvironment names every variable that is wrong, one per line', () => {
    let error: unknown;
    try {
      checkEnvironment({ PORT: 'x', SLUICE_KEEPALIVE_MS: '0', SLUICE_CONFIG: 'ok.json' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvironmentError);
    const { name, problems, message } = error as EnvironmentError;
    expect(name).toBe('EnvironmentError');
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual(['PORT', 'SLUICE_KEEPALIVE_MS']);
    expect(message).toBe(problems.join('\n'));
  });

  it('readVariable names only the variable it reads', () => {
    const env = { SLUICE_KEEPALIVE_MS: 'soon', PORT: 'x' };
    expectProblem(() => readVariable('SLUICE_KEEPALIVE_MS', env), /^SLUICE_KEEPALIVE_MS must be [^\n]*$/);
    expect(readVariable('SLUICE_IDLE_TIMEOUT_MS', env)).toBe(120_000);
    expectProblem(() => relaySettings(env), /^SLUICE_KEEPALIVE_MS must be [^\n]*$/);
  });
});
