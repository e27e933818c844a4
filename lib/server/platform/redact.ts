import 'server-only';

/** Removes a key from any text the server passes on (upstream error messages sometimes echo it). */
export function redact(text: string, secrets: (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}
