import type { EventShape } from '../module-types';

export const looksLikeResponses = ({ name, type }: EventShape) =>
  Boolean(name?.startsWith('response.') || type?.startsWith('response.'));
