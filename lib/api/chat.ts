/** POST /api/chat's body, declared once: the server validates with it, the browser builds it. */
import { z } from 'zod';
import { ChatMessageSchema, ChatParamsSchema } from '@/lib/protocols/conversation';

/** A chat request body may not exceed this (long conversations fit; a pasted binary does not). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export const ChatRequestSchema = z
  .object({
    conversationId: z.string().optional(),
    provider: z.string().min(1),
    model: z.string().min(1),
    messages: z.array(ChatMessageSchema).min(1, 'at least one message is needed'),
    params: ChatParamsSchema.default({}),
    /** Regenerate or edit: stored messages from this position (0-based) on are replaced by this turn. */
    replaceFrom: z.number().int().min(0).optional(),
    /** How many of `messages`, counted from the end, the store has not seen; default: those after the last assistant message. */
    newMessages: z.number().int().min(0).optional(),
    /** Starts the conversation as this compare session's pane (0-based). */
    compare: z
      .object({ id: z.string(), pane: z.number().int().min(0).max(5) })
      .strict()
      .optional(),
    /** The client's id for this request: a retried POST with it reads the same reply's stream instead of asking the upstream again. */
    requestId: z.string().min(1).max(100).optional(),
  })
  .strict()
  .refine((body) => body.compare === undefined || body.conversationId === undefined, {
    path: ['compare'],
    message: 'starts a new conversation: leave out conversationId',
  })
  .refine((body) => body.replaceFrom === undefined || body.conversationId !== undefined, {
    path: ['replaceFrom'],
    message: 'needs a conversationId',
  })
  .refine((body) => body.newMessages === undefined || body.newMessages <= body.messages.length, {
    path: ['newMessages'],
    message: 'is more than the messages sent',
  });

/** The body as the server reads it (defaults filled in). */
export type ChatRequest = z.infer<typeof ChatRequestSchema>;
/** The body as a client sends it. */
export type ChatRequestBody = z.input<typeof ChatRequestSchema>;
