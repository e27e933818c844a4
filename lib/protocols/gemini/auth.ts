import type { KeyHeader } from '../request-types';

export const geminiKey: KeyHeader = { name: 'x-goog-api-key', prefix: '' };
