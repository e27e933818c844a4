import { z } from 'zod';

/** A personal token as its owner's list shows it: never the token itself, which is shown once, when made. */
export interface TokenSummary {
  id: string;
  name: string;
  createdAt: string;
  /** When it was last used (to within a minute); absent: never. */
  lastUsedAt?: string;
}

/** POST /api/tokens' answer: the token, this once. */
export interface CreatedToken extends TokenSummary {
  token: string;
}

export const MAX_TOKEN_NAME = 100;

/** POST /api/tokens' body. */
export const TokenInputSchema = z.object({ name: z.string().trim().min(1).max(MAX_TOKEN_NAME) });

/** One user's figures in GET /api/admin/usage: what they spent, never what they wrote. */
export interface UsageFigures {
  count: number;
  inputTokens: number;
  outputTokens: number;
  /** Summed over the replies (or exchanges) with a known price. */
  usd: number;
}

export interface UserUsage {
  id: string;
  email?: string;
  name?: string;
  admin: boolean;
  /** Chat and compare replies in the user's conversations. */
  replies: UsageFigures;
  /** Exchanges through the recording proxy. */
  captures: UsageFigures;
}
