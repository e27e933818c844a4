import type { StreamDecoder } from './decoder';
import type { ProtocolId } from './ids';
import type { RequestInput, UpstreamRequest } from './request-types';
import { createAnthropicDecoder } from './anthropic-messages/decode';
import { buildAnthropicRequest } from './anthropic-messages/request';
import { createGeminiDecoder } from './gemini/decode';
import { buildGeminiRequest } from './gemini/request';
import { createOpenAiChatDecoder } from './openai-chat/decode';
import { buildOpenAiChatRequest } from './openai-chat/request';
import { createOpenAiResponsesDecoder } from './openai-responses/decode';
import { buildOpenAiResponsesRequest } from './openai-responses/request';

/** One wire format: how to ask, and how to read the answer. */
export interface ProtocolModule {
  buildRequest(input: RequestInput): UpstreamRequest;
  createDecoder(): StreamDecoder;
}

const PROTOCOL_MODULES: Record<ProtocolId, ProtocolModule> = {
  'openai-chat': { buildRequest: buildOpenAiChatRequest, createDecoder: createOpenAiChatDecoder },
  'anthropic-messages': { buildRequest: buildAnthropicRequest, createDecoder: createAnthropicDecoder },
  'openai-responses': { buildRequest: buildOpenAiResponsesRequest, createDecoder: createOpenAiResponsesDecoder },
  gemini: { buildRequest: buildGeminiRequest, createDecoder: createGeminiDecoder },
};

export function protocolModule(protocol: ProtocolId): ProtocolModule {
  return PROTOCOL_MODULES[protocol];
}

export function createDecoder(protocol: ProtocolId): StreamDecoder {
  return PROTOCOL_MODULES[protocol].createDecoder();
}
