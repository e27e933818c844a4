import type { ProtocolId } from '@/lib/protocols/ids';
import { anthropicEncoder } from './anthropic-messages/encoder';
import { anthropicErrorBody } from './anthropic-messages/error-body';
import { readAnthropic } from './anthropic-messages/request';
import type { EncoderContext, SimEncoder } from './encoder-types';
import { geminiEncoder } from './gemini/encoder';
import { geminiErrorBody } from './gemini/error-body';
import { readGemini } from './gemini/request';
import { openAiChatEncoder } from './openai-chat/encoder';
import { openAiErrorBody } from './openai-chat/error-body';
import { readOpenAiChat } from './openai-chat/request';
import { openAiResponsesEncoder } from './openai-responses/encoder';
import { readResponses } from './openai-responses/request';
import type { ReadRequest } from './request-types';

/** The simulator's side of one wire format: how it reads a request, writes a stream, and refuses. */
export interface SimProtocol {
  readRequest: ReadRequest;
  encoder: (ctx: EncoderContext) => SimEncoder;
  errorBody: (status: number, message: string) => string;
}

/** Every wire format the simulator serves, one line each (the routes are in handler.ts). */
export const SIM_PROTOCOLS: Record<ProtocolId, SimProtocol> = {
  'openai-chat': { readRequest: readOpenAiChat, encoder: openAiChatEncoder, errorBody: openAiErrorBody },
  'anthropic-messages': { readRequest: readAnthropic, encoder: anthropicEncoder, errorBody: anthropicErrorBody },
  'openai-responses': { readRequest: readResponses, encoder: openAiResponsesEncoder, errorBody: openAiErrorBody },
  gemini: { readRequest: readGemini, encoder: geminiEncoder, errorBody: geminiErrorBody },
};
