import 'server-only';
import type { ModelInfo } from '@/lib/api/providers';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { ModelPrice } from './config-schema';

/** A configured upstream, resolved. Server-only: it carries the key. */
export interface Provider {
  id: string;
  name: string;
  protocol: ProtocolId;
  baseUrl: string;
  path?: string;
  apiKey?: string;
  /** Where the key came from, if an environment variable: "Copy as curl" names it instead of the key. */
  apiKeyEnv?: string;
  /** Headers the config adds to every request (credentials from baseUrl included); their values are secret. */
  headers: Record<string, string>;
  /** Every value to redact by value (key, header values, secrets inside JSON header values), longest first. */
  secrets: string[];
  /** Listed in the config file (or built in); undefined means discover them. */
  models?: ModelInfo[];
  builtin: boolean;
  /** "off": a broken upstream connection ends the reply, even when its events carried ids. */
  resume?: 'last-event-id' | 'off';
  /** The providers file's `cassette`: every request through the proxy for this provider uses it (a request's own header wins). */
  cassette?: { name: string; mode: 'record' | 'playback' | 'hybrid'; pace?: string };
  /** Prices per model id (the providers file's `prices`, or the simulator's own), over the catalog's. */
  prices?: Record<string, ModelPrice>;
}
