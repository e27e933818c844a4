import { z } from 'zod';

/**
 * The normalized conversation: what the browser sends to POST /api/chat and what
 * each protocol's `request` turns into its own wire form. Declared once, with zod.
 */
export const MessagePartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({
    type: z.literal('thinking'),
    text: z.string(),
    /** Anthropic's signature: must go back unchanged with the thinking it signs. */
    signature: z.string().optional(),
    /** Anthropic redacted thinking, opaque. */
    redacted: z.string().optional(),
  }),
  z.object({ type: z.literal('tool-call'), id: z.string().min(1), name: z.string().min(1), args: z.unknown() }),
  z.object({
    type: z.literal('tool-result'),
    callId: z.string().min(1),
    name: z.string().optional(),
    content: z.string(),
    isError: z.boolean().optional(),
  }),
]);

export const ChatMessageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.union([z.string(), z.array(MessagePartSchema)]),
});

export const ToolDefinitionSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, "_" and "-", at most 64'),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});

export const ChatParamsSchema = z
  .object({
    maxTokens: z.number().int().positive().max(1_000_000).optional(),
    temperature: z.number().min(0).max(2).optional(),
    /** On/off, or a token budget. */
    thinking: z.union([z.boolean(), z.number().int().positive()]).optional(),
    tools: z.array(ToolDefinitionSchema).optional(),
  })
  .strict();

export type MessagePart = z.infer<typeof MessagePartSchema>;
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
export type ToolDefinition = z.infer<typeof ToolDefinitionSchema>;
export type ChatParams = z.infer<typeof ChatParamsSchema>;

/** A message's parts, whether it was written as a string or as parts. */
export function partsOf(message: ChatMessage): MessagePart[] {
  return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
}

export function textOf(message: ChatMessage): string {
  return partsOf(message)
    .flatMap((p) => (p.type === 'text' ? [p.text] : []))
    .join('');
}

/** Tool names by call id, for protocols whose results name the tool (Gemini). */
export function toolNamesById(messages: ChatMessage[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of messages) for (const p of partsOf(m)) if (p.type === 'tool-call') names.set(p.id, p.name);
  return names;
}
