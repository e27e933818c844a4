import 'server-only';
import { DEFAULT_SSE_LIMITS } from '@/lib/sse/limits';
import {
  addressRanges,
  bytes,
  emails,
  headerName,
  oneOf,
  text,
  count,
  flag,
  host,
  hostNames,
  httpUrl,
  issuerUrl,
  type Kind,
  milliseconds,
  path,
  port,
  postgresUrl,
  redisUrl,
  secret,
} from './kinds';

/** One variable: its kind, its value when unset (or empty), and what docs/operations.md's table says of it. */
export interface Variable<T> {
  kind: Kind<T>;
  fallback: T;
  meaning: string;
  /** The default in docs/operations.md's words. */
  shownDefault: string;
}

function withDefault<T>(kind: Kind<T>, fallback: T, meaning: string, shownDefault?: string): Variable<T> {
  return { kind, fallback, meaning, shownDefault: shownDefault ?? kind.described?.(fallback) ?? `\`${fallback}\`` };
}

/** Unset has a meaning of its own (no PostgreSQL, no Redis …), which the reader gives it. */
function optional<T>(kind: Kind<T>, meaning: string, shownDefault = 'unset'): Variable<T | undefined> {
  return { kind, fallback: undefined, meaning, shownDefault };
}

const MiB = 1 << 20;

/**
 * Every variable Sluice reads, in docs/operations.md's order: its "Environment" table
 * is this list (environment-docs.test.ts holds the two together).
 */
export const VARIABLES = {
  PORT: withDefault(port, 3000, 'port that `npm start` serves on'),
  HOST: withDefault(host, '127.0.0.1', 'address it binds; one beyond loopback needs `SLUICE_ALLOWED_HOSTS`'),
  SLUICE_CONFIG: optional(path, 'providers file (see the README, "Adding real providers")', '`sluice.config.json` if present'),
  SLUICE_DATA_DIR: withDefault(path, '.data', 'folder of the embedded database'),
  DATABASE_URL: optional(postgresUrl, 'PostgreSQL instead of the embedded database (see "Running with PostgreSQL")'),
  REDIS_URL: optional(redisUrl, 'share the replies in flight between several instances (see "Running several instances")'),
  SLUICE_ALLOWED_HOSTS: withDefault(
    hostNames,
    [],
    'names Sluice answers to besides loopback, comma- or space-separated (see "Behind a proxy, or under another name")',
  ),
  SLUICE_AUTH: withDefault(
    oneOf(['none', 'proxy', 'oidc']),
    'none',
    'who may use it: `none` (one user, loopback or the allowed names), `proxy` (the reverse proxy in front signs users in) or `oidc` (see "Teams: sign-in")',
  ),
  SLUICE_AUTH_JWT_HEADER: optional(
    headerName,
    "`proxy` mode: the header with the proxy's signed assertion (`Cf-Access-Jwt-Assertion`, `X-Goog-IAP-JWT-Assertion`, `Authorization`)",
  ),
  SLUICE_AUTH_JWKS_URL: optional(httpUrl, "`proxy` mode: the assertion issuer's public keys (JWKS)"),
  SLUICE_AUTH_ISSUER: optional(text, "`proxy` mode: the assertion's issuer (`iss`), exactly"),
  SLUICE_AUTH_AUDIENCE: optional(text, "`proxy` mode: the assertion's audience (`aud`), exactly"),
  SLUICE_AUTH_USER_HEADER: optional(
    headerName,
    '`proxy` mode without an assertion: the plain header naming the user, read only from `SLUICE_TRUSTED_PROXIES`',
  ),
  SLUICE_AUTH_EMAIL_HEADER: optional(headerName, '`proxy` mode without an assertion: the plain header with the email'),
  SLUICE_TRUSTED_PROXIES: withDefault(
    addressRanges,
    [],
    'addresses or CIDR ranges whose plain identity headers are believed; none by default, so they are ignored',
  ),
  SLUICE_OIDC_ISSUER: optional(
    issuerUrl,
    "`oidc` mode: the identity provider's issuer URL, exactly as its discovery document (`/.well-known/openid-configuration`) names it",
  ),
  SLUICE_OIDC_CLIENT_ID: optional(text, '`oidc` mode: the client id Sluice is registered under at the provider'),
  SLUICE_OIDC_CLIENT_SECRET: optional(secret, "`oidc` mode: that client's secret (sent to the provider only, never shown)"),
  SLUICE_PUBLIC_URL: optional(
    httpUrl,
    '`oidc` mode: the address users open Sluice at; the provider sends them back to `/api/auth/callback` under it',
  ),
  SLUICE_OIDC_ROLE_CLAIM: optional(
    text,
    "`oidc` mode: where the ID token lists the user's roles, as a dotted path (`roles`, `groups`, `realm_access.roles`)",
  ),
  SLUICE_OIDC_REQUIRED_ROLE: optional(
    text,
    '`oidc` mode: the role that claim must hold to sign in (with `SLUICE_OIDC_ROLE_CLAIM`); unset, anyone the provider signs in may',
  ),
  SLUICE_ADMIN_EMAILS: withDefault(
    emails,
    [],
    'users with these emails are admins (usage totals per user; the first to sign in takes the rows from before sign-in)',
  ),
  SLUICE_KEEPALIVE_MS: withDefault(milliseconds, 15_000, 'a keep-alive marker goes out after this much upstream silence'),
  SLUICE_IDLE_TIMEOUT_MS: withDefault(
    milliseconds,
    120_000,
    'an upstream silent this long is given up (the reply stored `error`)',
  ),
  SLUICE_UPSTREAM_TIMEOUT_MS: withDefault(
    milliseconds,
    30_000,
    "how long to wait for the upstream's response headers (then 504)",
  ),
  SLUICE_EVENT_LOG_MAX_BYTES: withDefault(
    bytes,
    MiB,
    'raw stream kept per reply for the event log (the log says when it was cut)',
  ),
  SLUICE_MAX_SSE_LINE_BYTES: withDefault(
    bytes,
    DEFAULT_SSE_LIMITS.maxLineBytes,
    'longest SSE line an upstream may send; past it the upstream is aborted and the reply stored `error`',
  ),
  SLUICE_MAX_SSE_EVENT_BYTES: withDefault(
    bytes,
    DEFAULT_SSE_LIMITS.maxEventBytes,
    'largest SSE event an upstream may send; past it the upstream is aborted and the reply stored `error`',
  ),
  SLUICE_MAX_REPLY_BYTES: withDefault(
    bytes,
    16 * MiB,
    'most upstream bytes one reply may carry; past it the upstream is aborted and the reply stored `truncated`',
  ),
  SLUICE_CAPTURE_RETENTION: withDefault(
    count,
    1000,
    "how many of the recording proxy's captures are kept (`/proxy`, the Traffic page); the oldest go first",
  ),
  SLUICE_CASSETTE_DIR: withDefault(
    path,
    'cassettes',
    'folder of the proxy\'s cassettes (`{name}.har`, see the README, "Cassettes: run your tests offline")',
    '`./cassettes`',
  ),
  SLUICE_STREAM_RETENTION_MS: withDefault(milliseconds, 5 * 60_000, 'how long an ended reply stays joinable by byte offset'),
  SLUICE_UNWATCHED_LIMIT_MS: withDefault(milliseconds, 15 * 60_000, 'a reply nobody reads for this long is stopped'),
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(
    httpUrl,
    'the OpenTelemetry collector traces and metrics go to over OTLP/HTTP (`/v1/traces`, `/v1/metrics` appended); ' +
      'unset, no span is made (see "Observability: OpenTelemetry and Prometheus")',
  ),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optional(
    httpUrl,
    'traces alone to this URL, as it is (`…/v1/traces`): for a backend that takes no metrics (Langfuse, Phoenix), without the endpoint above',
  ),
  OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: optional(httpUrl, 'metrics alone to this URL, as it is (`…/v1/metrics`)'),
  OTEL_EXPORTER_OTLP_PROTOCOL: withDefault(
    oneOf(['http/protobuf', 'http/json']),
    'http/protobuf',
    'how spans and metrics are sent to the collector: `http/protobuf` or `http/json` (not gRPC)',
  ),
  OTEL_EXPORTER_OTLP_HEADERS: optional(
    secret,
    "headers sent with every export, `name=value` comma-separated (a collector's token: `Authorization=Basic …`); never shown",
  ),
  OTEL_SERVICE_NAME: withDefault(
    text,
    'sluice',
    "the `service.name` of Sluice's spans and metrics (`OTEL_RESOURCE_ATTRIBUTES` adds others, such as `deployment.environment.name=prod`)",
  ),
  OTEL_METRIC_EXPORT_INTERVAL: withDefault(milliseconds, 60_000, 'how often metrics are sent to the collector'),
  SLUICE_OTEL_CONTENT: withDefault(
    flag,
    false,
    '`1` puts prompts and completions on the spans (`gen_ai.input.messages`, `gen_ai.output.messages`), ' +
      'secrets redacted as in captures; off, spans carry figures only',
  ),
  SLUICE_METRICS_TOKEN: optional(
    secret,
    '`GET /metrics` then answers only `Authorization: Bearer` this token; unset, anyone who may reach Sluice (loopback or the allowed names)',
  ),
  SLUICE_SIM_ORIGIN: optional(
    httpUrl,
    'where the server reaches its built-in simulator (mounted at `/api/sim`)',
    '`http://HOST:PORT` (`127.0.0.1` for a wildcard `HOST`)',
  ),
  SLUICE_BENCH_UPSTREAM: optional(
    httpUrl,
    'set only by `npm run bench -- relay`: where its bare relay route forwards (unset, that route is a 404)',
  ),
  SLUICE_BENCH_PAGES: withDefault(
    flag,
    false,
    "`1` serves the benchmarks' baseline pages (`/bench/ui`, `/bench/log`) from a production build; the benchmarks set it",
  ),
};

export type VariableName = keyof typeof VARIABLES;

/** The typed value of each variable. */
export type Environment = { [N in VariableName]: (typeof VARIABLES)[N] extends Variable<infer T> ? T : never };
