import 'server-only';
import { ChatRequestSchema, MAX_BODY_BYTES, type ChatRequest } from '@/lib/api/chat';
import { readJsonBody } from '@/lib/server/http/validate';

/** Reads and validates POST /api/chat's body; every problem is an ApiError naming it. */
export function readChatRequest(request: Request): Promise<ChatRequest> {
  return readJsonBody(request, ChatRequestSchema, MAX_BODY_BYTES);
}
