import { z } from 'zod';
import { ChatMessageSchema, ChatParamsSchema } from '@/lib/protocols/conversation';
import { ApiError } from '../http-errors';

/** A chat request body may not exceed this (long conversations fit; a pasted binary does not). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export const ChatRequestSchema = z
  .object({
    conversationId: z.string().optional(),
    provider: z.string().min(1),
    model: z.string().min(1),
    messages: z.array(ChatMessageSchema).min(1, 'at least one message is needed'),
    params: ChatParamsSchema.default({}),
  })
  .strict();

export type ChatRequest = z.infer<typeof ChatRequestSchema>;

async function readLimited(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
}

const tooLarge = () => new ApiError(413, 'body_too_large', `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB.`);

/** Reads and validates POST /api/chat's body; every problem is an ApiError naming it. */
export async function readChatRequest(request: Request): Promise<ChatRequest> {
  const text = await readLimited(request);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, 'invalid_request', `The body is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = ChatRequestSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'body'}: ${i.message}`);
    throw new ApiError(400, 'invalid_request', `Invalid request: ${issues.join('; ')}`, { issues });
  }
  return parsed.data;
}
