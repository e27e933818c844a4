import type { KeyHeader } from '../request-types';

export const ANTHROPIC_VERSION = '2023-06-01';

/** Anthropic's key travels in x-api-key, beside the API version every request names. */
export const anthropicKey: KeyHeader = { name: 'x-api-key', prefix: '', always: { 'anthropic-version': ANTHROPIC_VERSION } };
