import { keyHeaders } from '@/lib/protocols/registry';
import type { UpstreamExchange } from '@/lib/sse/bff-marker';
import { cutNote } from './request-body';

/**
 * The upstream request as a curl command that is safe to paste into a shell, even
 * from a hostile capture: every literal is single-quoted, header names that are not
 * HTTP tokens are dropped, and a secret is a variable reference whose name is checked.
 * The key never appears: its header reads an environment variable (the provider's own,
 * when configured by one); another redacted header reads one named after the header.
 */
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const FALLBACK_KEY_VARIABLE = 'API_KEY';

/** Each protocol's key header (and Azure's `api-key`), with what comes before the key in it. */
const KEY_PREFIX: Record<string, string> = {
  ...Object.fromEntries(keyHeaders.map((key) => [key.name, key.prefix])),
  'api-key': '',
};

/** A variable for a redacted header that is not the key: `Helicone-Auth` reads $HELICONE_AUTH. */
const headerVariable = (name: string) =>
  name
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_')
    .replace(/^(?=\d)/, '_');

export function curlCommand(exchange: UpstreamExchange): string {
  const keyVariable = exchange.apiKeyEnv && VARIABLE.test(exchange.apiKeyEnv) ? exchange.apiKeyEnv : FALLBACK_KEY_VARIABLE;
  const method = /^[A-Z]+$/.test(exchange.request.method) ? exchange.request.method : quote(exchange.request.method);
  const lines = [`curl -N -X ${method} ${quote(exchange.request.url)}`];
  for (const [name, value] of Object.entries(exchange.request.headers)) {
    if (!HTTP_TOKEN.test(name)) continue;
    if (!value.includes('[redacted]')) {
      lines.push(`-H ${quote(`${name}: ${value}`)}`);
      continue;
    }
    const prefix = KEY_PREFIX[name.toLowerCase()];
    const [literal, variable] = prefix === undefined ? ['', headerVariable(name)] : [prefix, keyVariable];
    lines.push(`-H ${quote(`${name}: ${literal}`)}"$${variable}"`);
  }
  // A body given as text (a cut one, or a capture's as the app sent it) goes as it is; a request without one, without.
  const { body } = exchange.request;
  if (body !== undefined) lines.push(`--data-raw ${quote(typeof body === 'string' ? body : JSON.stringify(body))}`);
  const command = lines.join(' \\\n  ');
  // A cut body would send broken JSON: the command says so on a comment line before it.
  const note = cutNote(exchange);
  return note ? `# ${note.replace(/[\r\n]/g, ' ')} This command sends only that start.\n${command}` : command;
}
