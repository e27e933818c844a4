import type { EventShape } from '../module-types';

const EVENTS = new Set([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
  'ping',
]);

export const looksLikeAnthropic = ({ name, type }: EventShape) =>
  Boolean((name && EVENTS.has(name)) || (type && EVENTS.has(type)));
