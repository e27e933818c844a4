// Not marked server-only: the simulator uses it, and runs on its own too (npm run simulator,
// the tests' upstream), in plain Node. It holds no secret.

/** Removes a key from any text the server passes on (upstream error messages sometimes echo it). */
export function redact(text: string, secrets: (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}
