import type { KeyHeader } from '../request-types';

/** OpenAI's key: a Bearer token (Responses uses the same). */
export const bearerKey: KeyHeader = { name: 'authorization', prefix: 'Bearer ' };
