import 'server-only';
import { ForkShareSchema, NewShareSchema } from '@/lib/api/shares';
import { readJsonBody } from '@/lib/server/http/validate';

const SMALL_BODY_BYTES = 4 * 1024;

/** POST /api/shares */
export function readNewShare(request: Request) {
  return readJsonBody(request, NewShareSchema, SMALL_BODY_BYTES);
}

/** POST /api/shares/fork */
export function readForkShare(request: Request) {
  return readJsonBody(request, ForkShareSchema, SMALL_BODY_BYTES);
}
