/**
 * Cassettes (docs/contract.md "Cassettes"): HAR 1.2 files of recorded proxy exchanges
 * that `/proxy` plays back instead of asking the upstream. Declared once: the proxy and
 * the API write these, the Traffic page reads them.
 *
 * `record` forwards and appends the exchange; `playback` answers from the cassette only
 * (a request with no match is a 504); `hybrid` plays back a match and records the rest.
 */
export type CassetteMode = 'record' | 'playback' | 'hybrid';
export const CASSETTE_MODES: CassetteMode[] = ['record', 'playback', 'hybrid'];

/** A cassette's name: its file is `{SLUICE_CASSETTE_DIR}/{name}.har`. */
export const CASSETTE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** What a capture says of its cassette: which, in what mode, and whether the answer came from it. */
export interface CaptureCassette {
  name: string;
  mode: CassetteMode;
  /** The answer was played back from the cassette; the upstream was not asked. */
  played: boolean;
}

/** A row of `GET /api/cassettes`. */
export interface CassetteSummary {
  name: string;
  entries: number;
  bytes: number;
  /** ISO time of the file's last change. */
  modifiedAt: string;
}

/** One recorded exchange of `GET /api/cassettes/{name}`. */
export interface CassetteExchange {
  /** Its place in the file, from 0. */
  index: number;
  provider: string;
  method: string;
  /** The path under the provider, with the query (credentials left out). */
  path: string;
  model?: string;
  status: number;
  startedAt: string;
  /** What it matches by: method, path and the canonical body (docs/contract.md). */
  key: string;
  /** Its response body as recorded, each read with its time (ms since the request). */
  events?: { items: { raw: string; at: number }[] };
  body?: string;
}

export interface CassetteDetail extends CassetteSummary {
  /** Request fields left out of matching (the file's `log._sluice.ignore`). */
  ignore: string[];
  exchanges: CassetteExchange[];
}
