import type { UpstreamExchange } from '@/lib/sse/bff-marker';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const KEY_VALUE: Record<string, (env: string) => string> = {
  authorization: (env) => `Bearer $${env}`,
  'x-api-key': (env) => `$${env}`,
  'x-goog-api-key': (env) => `$${env}`,
  'api-key': (env) => `$${env}`,
};

/**
 * The upstream request as a curl command. The key never appears: its header reads an
 * environment variable (the provider's own, when configured by one), in double quotes so
 * the shell expands it.
 */
export function curlCommand(exchange: UpstreamExchange): string {
  const env = exchange.apiKeyEnv ?? 'API_KEY';
  const lines = [`curl -N -X ${exchange.request.method} ${quote(exchange.request.url)}`];
  for (const [name, value] of Object.entries(exchange.request.headers)) {
    const keyed = KEY_VALUE[name.toLowerCase()];
    if (value.includes('[redacted]')) lines.push(keyed ? `-H "${name}: ${keyed(env)}"` : `-H "${name}: $${env}"`);
    else lines.push(`-H ${quote(`${name}: ${value}`)}`);
  }
  lines.push(`--data-raw ${quote(JSON.stringify(exchange.request.body))}`);
  return lines.join(' \\\n  ');
}
