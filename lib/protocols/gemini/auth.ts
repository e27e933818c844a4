import type { KeyHeader } from '../module-types';

export const geminiKey: KeyHeader = { name: 'x-goog-api-key', prefix: '' };
