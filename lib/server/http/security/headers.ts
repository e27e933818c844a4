// Not marked server-only: next.config.ts reads STATIC_SECURITY_HEADERS in plain Node, where
// the marker throws. It holds no secret, only the headers every answer carries.

/**
 * The security headers of every response. The CSP allows only the app's own scripts
 * (Next.js's, marked with the request's nonce, and what they load), its own workers
 * and styles; no page may frame Sluice.
 */
export function contentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code to rebuild server stacks; production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    "worker-src 'self' blob:",
    `style-src 'self' 'nonce-${nonce}'${development ? " 'unsafe-inline'" : ''}`,
    // Highlighted code and layout set style attributes; attributes cannot run script.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every response carries, the CSP aside. */
export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/** A nonce for one response: 128 random bits. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}
