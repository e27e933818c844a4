import type { ProtocolId } from '@/lib/protocols/ids';

/** A model a provider offers, as listed in the providers file or discovered from its upstream. */
export interface ModelInfo {
  id: string;
  description?: string;
}

/** What GET /api/providers returns, and what pages get: no key, ever. */
export interface PublicProvider {
  id: string;
  name: string;
  protocol: ProtocolId;
  builtin: boolean;
  hasKey: boolean;
  models: ModelInfo[];
  /** Set when model discovery failed; the message says why. */
  modelsError?: string;
}
