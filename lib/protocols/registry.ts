import type { StreamDecoder } from './decoder';
import type { ProtocolId } from './ids';
import { createAnthropicDecoder } from './anthropic-messages/decode';
import { createGeminiDecoder } from './gemini/decode';
import { createOpenAiChatDecoder } from './openai-chat/decode';
import { createOpenAiResponsesDecoder } from './openai-responses/decode';

const DECODERS: Record<ProtocolId, () => StreamDecoder> = {
  'openai-chat': createOpenAiChatDecoder,
  'anthropic-messages': createAnthropicDecoder,
  'openai-responses': createOpenAiResponsesDecoder,
  gemini: createGeminiDecoder,
};

export function createDecoder(protocol: ProtocolId): StreamDecoder {
  return DECODERS[protocol]();
}
