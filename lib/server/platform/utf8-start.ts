import 'server-only';

/**
 * The first `max` UTF-8 bytes of a text, cut before a character that would not fit
 * whole: how every bound on a text the server passes on (the upstream marker's request
 * body, an upstream's error body) cuts it.
 */
export function utf8Start(text: string, max: number): string {
  const bytes = Buffer.from(text);
  let end = max;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}
