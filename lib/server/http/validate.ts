import 'server-only';
// The bounded reading is below both servers, in lib/http.
import type { z } from 'zod';
import { ApiError } from '@/lib/http/api-error';
import { readLimited } from '@/lib/http/limited-body';

export { readLimited } from '@/lib/http/limited-body';

/** Validates with a zod schema; a failure is a 400 whose `issues` list each problem as `path: message`. */
export function parseOr400<S extends z.ZodType>(schema: S, raw: unknown, what = 'request'): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'body'}: ${i.message}`);
  throw new ApiError(400, 'invalid_request', `Invalid ${what}: ${issues.join('; ')}`, { issues });
}

/** Reads a JSON body of at most `limit` bytes and validates it; every problem is an ApiError naming it. */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S, limit: number): Promise<z.infer<S>> {
  const text = await readLimited(request, limit);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, 'invalid_request', `The body is not valid JSON: ${(error as Error).message}`);
  }
  const depth = nestingDepth(raw);
  if (depth > MAX_JSON_DEPTH)
    throw new ApiError(
      400,
      'invalid_request',
      `The body nests JSON ${depth} levels deep; at most ${MAX_JSON_DEPTH} are accepted.`,
    );
  return parseOr400(schema, raw);
}

/** Deeper JSON than any real request needs (a tool call's arguments included): storing and searching it would recurse that deep. */
export const MAX_JSON_DEPTH = 64;

/** How deep a parsed JSON value nests (iteratively: the value may be deep enough to overflow a recursion). */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}
