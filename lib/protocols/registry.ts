import { anthropicKey } from './anthropic-messages/auth';
import { createAnthropicDecoder } from './anthropic-messages/decode';
import { looksLikeAnthropic } from './anthropic-messages/detect';
import { readAnthropicRequest } from './anthropic-messages/read-request';
import { buildAnthropicRequest } from './anthropic-messages/request';
import { decodeAnthropicWhole } from './anthropic-messages/whole';
import type { StreamDecoder } from './decoder';
import { geminiKey } from './gemini/auth';
import { createGeminiDecoder } from './gemini/decode';
import { looksLikeGemini } from './gemini/detect';
import { parseGeminiModelList } from './gemini/models';
import { readGeminiRequest } from './gemini/read-request';
import { buildGeminiRequest } from './gemini/request';
import { decodeGeminiWhole } from './gemini/whole';
import type { ProtocolId } from './ids';
import type { ProtocolModule } from './module-types';
import { bearerKey } from './openai-chat/auth';
import { createOpenAiChatDecoder } from './openai-chat/decode';
import { looksLikeOpenAiChat } from './openai-chat/detect';
import { parseDataModelList } from './openai-chat/models';
import { readOpenAiChatRequest } from './openai-chat/read-request';
import { buildOpenAiChatRequest } from './openai-chat/request';
import { decodeOpenAiChatWhole } from './openai-chat/whole';
import { createOpenAiResponsesDecoder } from './openai-responses/decode';
import { looksLikeResponses } from './openai-responses/detect';
import { readOpenAiResponsesRequest } from './openai-responses/read-request';
import { buildOpenAiResponsesRequest } from './openai-responses/request';
import { decodeResponsesWhole } from './openai-responses/whole';
import type { KeyHeader } from './request-types';

export type { ProtocolModule } from './module-types';

/**
 * Every wire format, one line each. The order is detection's: the most specific
 * shapes first (a Responses event also has a `type`, a Chat chunk is the loosest).
 */
const PROTOCOL_MODULES: Record<ProtocolId, ProtocolModule> = {
  'openai-responses': {
    buildRequest: buildOpenAiResponsesRequest,
    readRequest: readOpenAiResponsesRequest,
    createDecoder: createOpenAiResponsesDecoder,
    decodeWhole: decodeResponsesWhole,
    key: bearerKey,
    parseModelList: parseDataModelList,
    detect: looksLikeResponses,
  },
  'anthropic-messages': {
    buildRequest: buildAnthropicRequest,
    readRequest: readAnthropicRequest,
    createDecoder: createAnthropicDecoder,
    decodeWhole: decodeAnthropicWhole,
    key: anthropicKey,
    parseModelList: parseDataModelList,
    detect: looksLikeAnthropic,
  },
  gemini: {
    buildRequest: buildGeminiRequest,
    readRequest: readGeminiRequest,
    createDecoder: createGeminiDecoder,
    decodeWhole: decodeGeminiWhole,
    key: geminiKey,
    parseModelList: parseGeminiModelList,
    detect: looksLikeGemini,
  },
  'openai-chat': {
    buildRequest: buildOpenAiChatRequest,
    readRequest: readOpenAiChatRequest,
    createDecoder: createOpenAiChatDecoder,
    decodeWhole: decodeOpenAiChatWhole,
    key: bearerKey,
    parseModelList: parseDataModelList,
    detect: looksLikeOpenAiChat,
  },
};

export function protocolModule(protocol: ProtocolId): ProtocolModule {
  return PROTOCOL_MODULES[protocol];
}

export function createDecoder(protocol: ProtocolId): StreamDecoder {
  return PROTOCOL_MODULES[protocol].createDecoder();
}

/** The protocols in detection order. */
export const protocolsByDetection = Object.entries(PROTOCOL_MODULES) as [ProtocolId, ProtocolModule][];

/** Where each protocol carries its key: "Copy as curl" reads the key from a variable in that header. */
export const keyHeaders: KeyHeader[] = [...new Map(Object.values(PROTOCOL_MODULES).map((m) => [m.key.name, m.key])).values()];
