import 'server-only';
import { ApiError } from './errors';

export const conversationNotFound = (id: string) => new ApiError(404, 'not_found', `Unknown conversation "${id}".`);
export const compareNotFound = (id: string) => new ApiError(404, 'not_found', `Unknown race "${id}".`);
