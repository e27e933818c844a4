import type { ProtocolId } from '@/lib/protocols/ids';
import { isObject } from '@/lib/protocols/json';
import { layoutAnthropic } from './anthropic';
import { layoutGemini } from './gemini';
import { layoutOpenAiChat } from './openai-chat';
import { layoutOpenAiResponses } from './openai-responses';
import type { PromptLayout } from './types';

/** A request body's prompt, laid out by its protocol's reader; a body that is not a JSON object has none. */
const LAYOUTS: Record<ProtocolId, (body: Record<string, unknown>) => PromptLayout> = {
  'anthropic-messages': layoutAnthropic,
  'openai-chat': layoutOpenAiChat,
  'openai-responses': layoutOpenAiResponses,
  gemini: layoutGemini,
};

export function promptLayout(protocol: ProtocolId, body: unknown): PromptLayout {
  return isObject(body) ? LAYOUTS[protocol](body) : { tools: [], messages: [] };
}

export type { LaidMessage, PromptLayout, PromptPiece } from './types';
