import 'server-only';
import { redact } from '@/lib/server/platform/redact';
import { utf8Start } from '@/lib/server/platform/utf8-start';
import { readText, type UpstreamResponse } from './http-client';

/**
 * How much of an upstream's error body is kept (UTF-8 bytes): the JSON error passes it on
 * and the failed reply stores it, so a reload shows the page the user saw live. Whole for
 * a provider's JSON error or a proxy's page (nginx's is half a KiB, Cloudflare's under 10).
 */
export const UPSTREAM_ERROR_BODY_BYTES = 64 * 1024;
/** Read past the bound, so that a secret across it is redacted before the cut, never left half in view. */
const SECRET_MARGIN = 4 * 1024;

/** An upstream's error body as the JSON error carries it, and the failed reply's stored error. */
export interface UpstreamErrorBody {
  /** The body's text, secrets redacted, its first UPSTREAM_ERROR_BODY_BYTES. */
  upstreamBody?: string;
  /** The upstream sent more than was kept. */
  upstreamBodyTruncated?: true;
}

/** Reads an upstream's error body, bounded, redacted, marked when cut; empty when it has none (or it broke). */
export async function readErrorBody(response: UpstreamResponse, secrets: (string | undefined)[]): Promise<UpstreamErrorBody> {
  const read = await readText(response.body, UPSTREAM_ERROR_BODY_BYTES + SECRET_MARGIN).catch(() => '');
  const text = redact(read, secrets);
  if (!text) return {};
  const kept = utf8Start(text, UPSTREAM_ERROR_BODY_BYTES);
  return kept.length < text.length ? { upstreamBody: kept, upstreamBodyTruncated: true } : { upstreamBody: text };
}

/** What a stored failure keeps of the JSON error it answered: its type and statuses, for the same title after a reload. */
export function answeredError({ type, status, extra }: { type: string; status: number; extra: Record<string, unknown> }): {
  type: string;
  status: number;
  upstreamStatus?: number;
} {
  const { upstreamStatus } = extra;
  return typeof upstreamStatus === 'number' ? { type, status, upstreamStatus } : { type, status };
}

/** The upstream body an error of sendUpstream's carries (in its extra), for the failed reply's stored error. */

export function upstreamBodyOf({ extra }: { extra: Record<string, unknown> }): UpstreamErrorBody {
  const { upstreamBody, upstreamBodyTruncated } = extra;
  if (typeof upstreamBody !== 'string' || !upstreamBody) return {};
  return upstreamBodyTruncated === true ? { upstreamBody, upstreamBodyTruncated } : { upstreamBody };
}
