import 'server-only';
import { ApiError } from '@/lib/server/http/errors';

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

/**
 * A join, or its chunks' times, from past every byte a reply's stream has: a 416 naming
 * the offset and the stream's length, not an empty stream (or list) that looks like a
 * reply with nothing more to say (a client whose offset is wrong would never learn it).
 */
export function pastTheEnd(id: string, from: number, length: number, ended: boolean): ApiError {
  return new ApiError(
    416,
    'range_not_satisfiable',
    `from: byte ${from} is past the end of reply ${id}'s stream, which has ${length} bytes${ended ? '' : ' so far'}; ask from ${length} or less.`,
    { from, length },
  );
}
