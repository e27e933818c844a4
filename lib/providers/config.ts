import 'server-only';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { z } from 'zod';
import { REPLAY_PROVIDER } from '@/lib/api/providers';
import { type Env, readVariable } from '@/lib/server/platform/environment';
import { simulatorProviders } from './builtin';
import { SluiceConfigSchema, type ProviderConfig } from './config-schema';
import { providerSecrets, splitCredentials } from './secrets';
import type { Provider } from './types';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The providers file in force: `SLUICE_CONFIG`, else sluice.config.json when present. */
export function configPath(env: Env = process.env, cwd = process.cwd()): string | undefined {
  const named = readVariable('SLUICE_CONFIG', env);
  if (named) return resolve(cwd, named);
  const fallback = resolve(cwd, 'sluice.config.json');
  return existsSync(/*turbopackIgnore: true*/ fallback) ? fallback : undefined;
}

function describeIssue(file: string, raw: unknown, issue: z.core.$ZodIssue): string {
  const [top, index, ...field] = issue.path;
  if (top === 'providers' && typeof index === 'number') {
    const entry = (raw as { providers?: { id?: unknown }[] }).providers?.[index];
    const id = typeof entry?.id === 'string' ? ` "${entry.id}"` : '';
    const where = field.length > 0 ? `field "${field.join('.')}"` : 'entry';
    return `${file}: provider${id} (providers[${index}]), ${where}: ${issue.message}`;
  }
  return `${file}: ${issue.path.length ? `field "${issue.path.join('.')}"` : 'top level'}: ${issue.message}`;
}

export function parseConfig(file: string, text: string, env: Env = process.env): Provider[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = SluiceConfigSchema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => describeIssue(file, raw, i)).join('\n'));

  const builtins = simulatorProviders(env);
  // The replay provider is built in too, listed apart (its models are recordings).
  const seen = new Set([...builtins.map((p) => p.id), REPLAY_PROVIDER]);
  return [
    ...builtins,
    ...parsed.data.providers.map((config, index) => {
      if (seen.has(config.id)) {
        throw new ConfigError(`${file}: provider "${config.id}" (providers[${index}]), field "id": the id is already taken`);
      }
      seen.add(config.id);
      return resolveProvider(config, env);
    }),
  ];
}

function resolveProvider(config: ProviderConfig, env: Env): Provider {
  // Credentials in the URL would show wherever the URL does: they become a header.
  const { baseUrl, authorization, password } = splitCredentials(config.baseUrl);
  const configured = config.headers ?? {};
  const hasAuthorization = Object.keys(configured).some((name) => name.toLowerCase() === 'authorization');
  const headers = authorization && !hasAuthorization ? { ...configured, authorization } : configured;
  const apiKey = config.apiKey ?? (config.apiKeyEnv ? env[config.apiKeyEnv] || undefined : undefined);
  return {
    id: config.id,
    name: config.name ?? config.id,
    protocol: config.protocol,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    path: config.path,
    apiKey,
    ...(config.apiKey === undefined && config.apiKeyEnv ? { apiKeyEnv: config.apiKeyEnv } : {}),
    headers,
    secrets: providerSecrets(apiKey, headers, [password]),
    models: config.models?.map((id) => ({ id })),
    builtin: false,
    ...(config.resume ? { resume: config.resume } : {}),
    ...(config.cassette ? { cassette: config.cassette } : {}),
    ...(config.prices ? { prices: config.prices } : {}),
  };
}

/** Reads the providers in force; throws ConfigError naming the file, provider and field. */
export function loadProviders(env: Env = process.env, cwd = process.cwd()): Provider[] {
  const file = configPath(env, cwd);
  if (!file) return simulatorProviders(env);
  if (!existsSync(/*turbopackIgnore: true*/ file))
    throw new ConfigError(`${file}: the providers file named by SLUICE_CONFIG does not exist`);
  return parseConfig(file, readFileSync(/*turbopackIgnore: true*/ file, 'utf8'), env);
}

let cached: Provider[] | undefined;

/** The server's providers, read once per process. */
export function providers(): Provider[] {
  cached ??= loadProviders();
  return cached;
}

export function findProvider(id: string): Provider | undefined {
  return providers().find((p) => p.id === id);
}
