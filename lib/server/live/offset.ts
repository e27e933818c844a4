import 'server-only';
import { ApiError } from '../http-errors';

/** The `from` query parameter: a byte offset of the relayed body, 0 when absent. */
export function readOffset(request: Request): number {
  const raw = new URL(request.url).searchParams.get('from');
  if (raw === null || raw === '') return 0;
  if (!/^\d{1,15}$/.test(raw))
    throw new ApiError(
      400,
      'invalid_request',
      `from: must be a byte offset (a whole number, 0 or more), not "${raw.slice(0, 40)}"`,
    );
  return Number(raw);
}
