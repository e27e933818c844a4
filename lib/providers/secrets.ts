import 'server-only';

/**
 * What of a provider's configuration is secret, in one place. Every header value the
 * config adds is shown redacted (gateways authenticate with headers of every name);
 * these are the values searched for and replaced wherever else they could appear (an
 * upstream's body that quotes one, an error, a log line): the key, the values of
 * headers whose names say they authenticate (Helicone-Auth, Ocp-Apim-Subscription-Key),
 * secrets inside a JSON header value (x-portkey-config's api_key), and credentials
 * written into baseUrl, which move into an Authorization header as the config loads.
 * A plain setting such as `x-portkey-provider: anthropic` is not searched for: the
 * reply's text may well contain it.
 */

/** Header or JSON key names that carry credentials. */
export const SECRET_NAME = /auth|api-?key|apikey|key$|token|secret|cookie|password|credential|signature|session/i;

/** Short values (a team name, a flag) cannot be credentials, and replacing them in a reply's text would mangle it. */
const MIN_SECRET_LENGTH = 8;

/** String values under secret-looking keys anywhere inside a JSON header value. */
function secretsInJson(value: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  const found: string[] = [];
  const walk = (node: unknown, key: string | undefined, depth: number): void => {
    if (depth > 20) return;
    if (typeof node === 'string') {
      if (key !== undefined && SECRET_NAME.test(key)) found.push(node);
    } else if (Array.isArray(node)) node.forEach((item) => walk(item, key, depth + 1));
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, k, depth + 1);
  };
  walk(parsed, undefined, 0);
  return found;
}

/** Every secret of a provider, for redaction by value: its key, its configured header values and what is inside them. */
export function providerSecrets(
  apiKey: string | undefined,
  headers: Record<string, string>,
  extra: (string | undefined)[] = [],
): string[] {
  const values = [
    apiKey,
    ...extra,
    ...Object.entries(headers).flatMap(([name, v]) => [
      ...secretsInJson(v),
      ...(SECRET_NAME.test(name) ? [v, v.replace(/^(Bearer|Basic|Token)\s+/i, '')] : []),
    ]),
  ];
  return [...new Set(values.filter((v): v is string => typeof v === 'string' && v.length >= MIN_SECRET_LENGTH))].sort(
    (a, b) => b.length - a.length,
  );
}

/** A baseUrl without its credentials, and the Authorization header they stand for. */
export function splitCredentials(baseUrl: string): { baseUrl: string; authorization?: string; password?: string } {
  const url = new URL(baseUrl);
  if (!url.username && !url.password) return { baseUrl };
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  return { baseUrl: url.toString(), authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`, password };
}
