import 'server-only';
import type { User } from '@/lib/api/users';
import { CAPTURE_STATUSES, type CaptureDetail, type CaptureStatus } from '@/lib/api/captures';
import { captureStore } from '@/lib/server/store/captures';
import { ApiError } from '@/lib/server/http/errors';
import type { CaptureFilter } from '@/lib/server/store/capture-store';

/** `GET /api/captures`' query: filters and a page; every problem a 400 naming it. */
export function readCaptureQuery(url: string): CaptureFilter {
  const params = new URL(url).searchParams;
  const text = (name: string) => params.get(name)?.trim().slice(0, 200) || undefined;
  const status = text('status');
  if (status && !CAPTURE_STATUSES.includes(status as CaptureStatus))
    throw new ApiError(400, 'invalid_request', `status must be one of ${CAPTURE_STATUSES.join(', ')}, not "${status}".`);
  const before = text('before');
  if (before && !/^\d{1,18}$/.test(before))
    throw new ApiError(400, 'invalid_request', `before must be a cursor this server gave, not "${before}".`);
  const limit = text('limit');
  if (limit && !/^\d{1,3}$/.test(limit))
    throw new ApiError(400, 'invalid_request', `limit must be a number from 1 to 200, not "${limit}".`);
  const filter: CaptureFilter = {};
  const provider = text('provider');
  const model = text('model');
  const q = text('q');
  const run = text('run');
  if (run) filter.run = run;
  if (provider) filter.provider = provider;
  if (status) filter.status = status as CaptureStatus;
  if (model) filter.model = model;
  if (q) filter.q = q;
  if (before) filter.before = before;
  if (limit) filter.limit = Number(limit);
  return filter;
}

export const captureNotFound = (id: string) => new ApiError(404, 'not_found', `Unknown capture "${id.slice(0, 100)}".`);

/** One capture whole, or the 404 that names it. */
export async function loadCapture(user: User, id: string): Promise<CaptureDetail> {
  const capture = await (await captureStore()).get(id, user.id);
  if (!capture) throw captureNotFound(id);
  return capture;
}
