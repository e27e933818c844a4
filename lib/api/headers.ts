import { MARKER_NONCE_HEADER } from '@/lib/sse/bff-marker';

/** The response headers of POST /api/chat that clients read (docs/contract.md). */
export const CHAT_HEADERS = {
  conversationId: 'x-conversation-id',
  protocol: 'x-sluice-protocol',
  messageId: 'x-sluice-message-id',
  markerNonce: MARKER_NONCE_HEADER,
  upstreamConversationId: 'x-upstream-conversation-id',
  /** The model's prices and context window (JSON, a ModelPricing), when known. */
  pricing: 'x-sluice-pricing',
  /**
   * The reply's clock (ms since its request reached the server, the zero of its stored
   * times) as this answer's headers left: the page times its bytes from the headers'
   * arrival plus this, on the server's clock, not from its own fetch (stream-reply.ts).
   */
  clock: 'x-sluice-clock',
} as const;
