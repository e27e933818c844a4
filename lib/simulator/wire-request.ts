import type { ProtocolId } from '@/lib/protocols/ids';
import { isObject } from '@/lib/protocols/json';
import { SIM_PROTOCOLS } from './protocols';
import { estimateTokens, SimRequestError, type SimRequest } from './request-types';

/** A request to the simulator, read by its protocol's reader. */
export function readSimRequest(protocol: ProtocolId, body: unknown, modelFromUrl?: string): SimRequest {
  if (!isObject(body)) throw new SimRequestError(400, 'The request body must be a JSON object.');
  const model = modelFromUrl ?? body.model;
  if (typeof model !== 'string' || model === '') throw new SimRequestError(400, 'model: Field required');
  return { ...SIM_PROTOCOLS[protocol].readRequest(body), model, inputTokens: estimateTokens(body) };
}
