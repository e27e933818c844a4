/** The four streaming wire formats Sluice speaks. Declared once; everything else imports it. */
export const PROTOCOLS = ['openai-chat', 'anthropic-messages', 'openai-responses', 'gemini'] as const;

export type ProtocolId = (typeof PROTOCOLS)[number];

/** What each is called on the page. */
export const PROTOCOL_NAMES: Record<ProtocolId, string> = {
  'openai-chat': 'OpenAI Chat Completions',
  'anthropic-messages': 'Anthropic Messages',
  'openai-responses': 'OpenAI Responses',
  gemini: 'Gemini',
};
