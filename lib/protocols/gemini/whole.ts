import type { StreamEvent } from '../events';
import { isObject } from '../json';
import { decodeWhole } from '../whole';
import { createGeminiDecoder } from './decode';

/**
 * `generateContent`'s answer is one chunk of the shape `streamGenerateContent` streams:
 * read as that stream of one. A `streamGenerateContent` answer without `alt=sse` is
 * those chunks as a JSON array: read as that stream.
 */
export function decodeGeminiWhole(body: unknown): StreamEvent[] {
  const chunks = (Array.isArray(body) ? body : [body]).filter(isObject);
  if (chunks.length === 0) return [];
  return decodeWhole(
    createGeminiDecoder(),
    chunks.map((data) => ({ data })),
  );
}
