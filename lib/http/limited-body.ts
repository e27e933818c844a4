// Below both servers (the app's and the simulator's, which runs on its own in plain Node):
// no server-only marker, no Next.js, no secret.
import { ApiError } from './api-error';

const tooLarge = (limit: number) =>
  new ApiError(
    413,
    'body_too_large',
    `The request body is larger than ${limit >= 1 << 20 ? `${limit / (1 << 20)} MiB` : `${limit} bytes`}.`,
  );

/** Reads a body of at most `limit` bytes as text; a larger one is a 413 ApiError, read no further. */
export async function readLimited(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    text += decoder.decode(value, { stream: true });
  }
}
