import 'server-only';
import type { IncomingHttpHeaders } from 'node:http';
import type { ApiErrorBody, ApiErrorType } from '@/lib/api/errors';
import { errorPageHtml, isNavigation } from '@/lib/server/http/error-page';
import { pageTheme } from '@/lib/server/http/server-page';
import { refusal } from '@/lib/server/http/security/guard';
import type { RequestHeaders } from '@/lib/server/http/security/same-origin';
import type { ProxyIo } from './proxy-io';

/**
 * Answers with Sluice's JSON error body; to a browser's navigation (a replay URL pasted
 * in the address bar), the same as a page a person reads (error-page.ts).
 */
export function sendError(
  io: ProxyIo,
  status: number,
  type: ApiErrorType,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): void {
  const view = viewOf(io.headers);
  if (isNavigation(view)) {
    io.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers });
    io.write(Buffer.from(errorPageHtml(status, message, undefined, pageTheme(view))));
    return io.end();
  }
  const body: ApiErrorBody = { error: { type, message, ...extra } };
  io.writeHead(status, { 'content-type': 'application/json', ...headers });
  io.write(Buffer.from(JSON.stringify(body)));
  io.end();
}

/** Node's request headers as the checks read them, without copying them into a `Headers`. */
function viewOf(headers: IncomingHttpHeaders): RequestHeaders {
  const get = (name: string) => {
    const value = headers[name.toLowerCase()];
    return typeof value === 'string' ? value : null;
  };
  return { get, has: (name) => get(name) !== null };
}

/**
 * Refuses, as every route does, a request this server may not take: a foreign Host, or
 * a page of another origin. Checked for every method, not only unsafe ones: a GET
 * through the proxy spends the provider's key too. True when it answered. Decided in
 * the turn the request came in: the proxy reads the app's body from there on, as it
 * arrives (docs/decisions.md: "The proxy's first byte, measured inside").
 */
export function refusedHere(io: ProxyIo): boolean {
  const view = viewOf(io.headers);
  const answer = refusal('POST', view, false);
  if (!answer) return false;
  io.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
  void answer.text().then((text) => {
    io.write(Buffer.from(text));
    io.end();
  });
  return true;
}
