/** The four streaming wire formats Sluice speaks. Declared once; everything else imports it. */
export const PROTOCOLS = ['openai-chat', 'anthropic-messages', 'openai-responses', 'gemini'] as const;

export type ProtocolId = (typeof PROTOCOLS)[number];
