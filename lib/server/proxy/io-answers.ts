import 'server-only';
import type { IncomingHttpHeaders } from 'node:http';
import type { ApiErrorBody, ApiErrorType } from '@/lib/api/errors';
import { refusal } from '../security/guard';
import type { ProxyIo } from './forward';

/** Answers with Sluice's JSON error body. */
export function sendError(
  io: ProxyIo,
  status: number,
  type: ApiErrorType,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): void {
  const body: ApiErrorBody = { error: { type, message, ...extra } };
  io.writeHead(status, { 'content-type': 'application/json', ...headers });
  io.write(Buffer.from(JSON.stringify(body)));
  io.end();
}

function webHeaders(headers: IncomingHttpHeaders): Headers {
  const web = new Headers();
  for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') web.set(name, value);
  return web;
}

/**
 * Refuses, as every route does, a request this server may not take: a foreign Host, or
 * a page of another origin. Checked for every method, not only unsafe ones: a GET
 * through the proxy spends the provider's key too. True when it answered.
 */
export async function refusedHere(io: ProxyIo): Promise<boolean> {
  const answer = refusal('POST', webHeaders(io.headers), false);
  if (!answer) return false;
  io.writeHead(answer.status, { 'content-type': 'application/json' });
  io.write(Buffer.from(await answer.text()));
  io.end();
  return true;
}
