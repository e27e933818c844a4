import type { EventShape } from '../module-types';

export const looksLikeGemini = ({ json }: EventShape) =>
  json !== undefined && ('candidates' in json || 'usageMetadata' in json || 'promptFeedback' in json);
