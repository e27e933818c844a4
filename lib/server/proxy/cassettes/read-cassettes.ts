import 'server-only';
import type { CassetteDetail, CassetteExchange, CassetteSummary } from '@/lib/api/cassettes';
import { CASSETTE_NAME } from '@/lib/api/cassettes';
import type { User } from '@/lib/api/users';
import { SseParser } from '@/lib/sse/parser';
import { ApiError } from '@/lib/server/http/errors';
import { CassetteError, listCassettes, readCassette, type Cassette } from './cassette-file';
import { entryRecording } from './cassette-entry';
import { modelOf } from '../target';

function summary(cassette: Pick<Cassette, 'name' | 'entries' | 'bytes' | 'modifiedAt'>): CassetteSummary {
  return {
    name: cassette.name,
    entries: cassette.entries.length,
    bytes: cassette.bytes,
    modifiedAt: cassette.modifiedAt.toISOString(),
  };
}

/** `GET /api/cassettes`: every cassette in SLUICE_CASSETTE_DIR (a file that is not one is listed with its error). */
export async function cassetteSummaries(user: User): Promise<(CassetteSummary & { error?: string })[]> {
  return (await listCassettes(user.id)).map((c) =>
    c.error || !c.entries
      ? { name: c.name, entries: 0, bytes: 0, modifiedAt: new Date(0).toISOString(), error: c.error }
      : summary(c as Cassette),
  );
}

/** An SSE body as the event log shows it: its items, each at the time of the read that completed it. */
function eventsOf(entry: Cassette['entries'][number]['entry']): CassetteExchange['events'] {
  const parser = new SseParser({ maxLineBytes: Infinity, maxEventBytes: Infinity });
  const items: { raw: string; at: number }[] = [];
  const recording = entryRecording(entry);
  for (const chunk of recording.chunks)
    for (const item of parser.feed(chunk.bytes, chunk.at)) items.push({ raw: item.raw, at: item.at });
  for (const item of parser.end()) items.push({ raw: item.raw, at: item.at });
  return { items };
}

/** `GET /api/cassettes/{name}`: its exchanges, each with what it matches by and its body as recorded. */
export async function cassetteDetail(user: User, name: string): Promise<CassetteDetail> {
  const missing = () => new ApiError(404, 'not_found', `No cassette "${name.slice(0, 100)}".`);
  if (!CASSETTE_NAME.test(name)) throw missing();
  let cassette: Cassette | undefined;
  try {
    cassette = await readCassette(name, user.id);
  } catch (error) {
    if (error instanceof CassetteError) throw new ApiError(422, 'invalid_request', error.message);
    throw error;
  }
  if (!cassette) throw missing();
  return {
    ...summary(cassette),
    ignore: cassette.ignore,
    exchanges: cassette.entries.map(({ entry, key, index }) => {
      const sse = entry.response.content.mimeType?.includes('text/event-stream');
      const model = modelOf(entry._sluice.path.split('?')[0]!, entry.request.postData?.text ?? '');
      return {
        index,
        provider: entry._sluice.provider,
        method: entry.request.method,
        path: entry._sluice.path,
        ...(model ? { model } : {}),
        ...(entry._sluice.protocol ? { protocol: entry._sluice.protocol } : {}),
        status: entry.response.status,
        startedAt: entry.startedDateTime,
        key: key.text,
        ...(sse ? { events: eventsOf(entry) } : { body: entry.response.content.text ?? '' }),
      };
    }),
  };
}
