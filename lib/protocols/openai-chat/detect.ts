import type { EventShape } from '../module-types';

/** A Chat Completions chunk, or its [DONE]. */
export const looksLikeOpenAiChat = ({ json, data }: EventShape) =>
  (json !== undefined && ('choices' in json || json.object === 'chat.completion.chunk')) || data.trim() === '[DONE]';
