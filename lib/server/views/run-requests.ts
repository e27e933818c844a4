import 'server-only';
import { ApiError } from '@/lib/server/http/errors';

/** `GET /api/runs`' query: `q` (words in the name), a page; every problem a 400 naming it. */
export function readRunQuery(url: string): { q?: string; before?: string; limit?: number } {
  const params = new URL(url).searchParams;
  const text = (name: string) => params.get(name)?.trim().slice(0, 200) || undefined;
  const limit = text('limit');
  if (limit && !/^\d{1,3}$/.test(limit))
    throw new ApiError(400, 'invalid_request', `limit must be a number from 1 to 200, not "${limit}".`);
  const q = text('q');
  const before = text('before');
  return { ...(q ? { q } : {}), ...(before ? { before } : {}), ...(limit ? { limit: Number(limit) } : {}) };
}

export const runNotFound = (id: string) => new ApiError(404, 'not_found', `Unknown run "${id.slice(0, 100)}".`);
