import type { StreamDecoder } from './decoder';
import type { StreamEvent } from './events';
import type { Json } from './json';
import type { KeyHeader, NormalizedRequest, RequestInput, UpstreamRequest } from './request-types';

/** One SSE event as protocol detection sees it: its name, its data, and the data's JSON object if it is one. */
export interface EventShape {
  name: string | undefined;
  data: string;
  json: Record<string, unknown> | undefined;
  /** `json.type`, when it is a string. */
  type: string | undefined;
}

/** Everything about one wire format, in its own folder: how to ask, how to read the answer, how to list models, how to tell it apart. */
export interface ProtocolModule {
  buildRequest(input: RequestInput): UpstreamRequest;
  /** The inverse: a request body an app sent (a capture's), as the normalized conversation. */
  readRequest(body: Json): NormalizedRequest;
  createDecoder(): StreamDecoder;
  /** A non-streamed answer's body (parsed JSON), as the events its stream would have decoded to; none for a body not of this protocol's shape. */
  decodeWhole(body: unknown): StreamEvent[];
  key: KeyHeader;
  /** `GET {baseUrl}/models`' answer, as model ids. */
  parseModelList(body: unknown): { id: string }[];
  /** Whether one event of a recorded stream looks like this protocol's. */
  detect(event: EventShape): boolean;
}
