import 'server-only';
import type { CaptureDetail } from '@/lib/api/captures';
import { SECRET_NAME } from '@/lib/providers/secrets';
import { captureHar } from '@/lib/server/views/har';
import { REDACTED } from '@/lib/server/streams/exchange';
import { headersOf, split, type Recording } from '@/lib/server/views/recording';
import type { CassetteEntry } from './cassette-file';
import { keyPath } from './request-key';

/** Headers a cassette leaves out: the app's credentials (already redacted in the capture; a cassette drops them whole). */
const isCredential = (name: string, value: string) => SECRET_NAME.test(name) || value.includes(REDACTED);

/**
 * A finished capture as a cassette entry: its HAR entry (what the HAR export gives),
 * less every credential (headers dropped, the query's key left out), plus what playback
 * needs: the path it matches by and the body's reads with their times.
 */
export function cassetteEntry(capture: CaptureDetail, creatorVersion: string): CassetteEntry {
  const entry = captureHar(capture, creatorVersion).log.entries[0]!;
  const url = new URL(capture.request.url);
  const search = keyPath(`/${url.search}`).slice(1);
  url.search = search;
  const query = [...new URLSearchParams(search)].map(([name, value]) => ({ name, value }));
  return {
    ...entry,
    request: {
      ...entry.request,
      url: url.toString(),
      headers: entry.request.headers.filter(({ name, value }) => !isCredential(name, value)),
      queryString: query,
    },
    response: { ...entry.response, headers: entry.response.headers.filter(({ name, value }) => !isCredential(name, value)) },
    _sluice: {
      provider: capture.provider,
      path: `${capture.path}${search}`,
      ...(capture.protocol ? { protocol: capture.protocol } : {}),
      ...(capture.chunks ? { chunks: capture.chunks } : {}),
      capture: capture.id,
      ...(capture.events?.truncated || capture.body?.truncated ? { truncated: true } : {}),
    },
  };
}

/** A cassette entry as a replay plays it: its status, headers and body, read by read at the recorded times. */
export function entryRecording(entry: CassetteEntry): Recording {
  const text = Buffer.from(entry.response.content.text ?? '');
  const chunks = entry._sluice.chunks;
  return {
    status: entry.response.status,
    headers: headersOf(Object.fromEntries(entry.response.headers.map(({ name, value }) => [name, value]))),
    chunks: chunks?.sizes.length
      ? split(text, chunks.sizes, chunks.at)
      : [{ bytes: text, at: entry.timings.wait > 0 ? entry.timings.wait : 0 }],
    truncated: entry._sluice.truncated ?? false,
  };
}
