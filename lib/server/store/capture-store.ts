import 'server-only';
import type { CapturedBody, CaptureDetail, CaptureFacet, CapturePage, CaptureQuery, CaptureSummary } from '@/lib/api/captures';
import { readPackedEvents, type PackedEvents } from '@/lib/server/database/packed-events';
import type { SqlClient } from '@/lib/server/database/sql-client';
import { storableJson, storableText } from '@/lib/server/database/storable';
import {
  blockedText,
  blocksLike,
  blocksOf,
  hashList,
  insertLock,
  requestText,
  storeBlocks,
  sweepLock,
  sweptWith,
  type Block,
} from './body-blocks';

/** What a capture's first write holds: the request and, by then, the response's head. */
export type CaptureStart = Pick<CaptureDetail, 'request' | 'response'> &
  CaptureSummary & {
    /** Whose it is (users.id): kept in its own column, not in the summary. */
    owner: string;
    /** Where it stands in its run (the summary's `run` says which): the capture its branch began under, its prompt's hashes. */
    runPlace?: { parent?: string; full?: string; anchor?: string; kin?: string[] };
  };

/** What its last write adds: how it ended, and what it carried. */
export interface CaptureEnd {
  summary: CaptureSummary;
  response?: CaptureDetail['response'];
  events?: PackedEvents;
  body?: CaptureDetail['body'];
  reply?: CaptureDetail['reply'];
  chunks?: CaptureDetail['chunks'];
  /** Text the Traffic page's search reads beside the request's body (its blocks): the reply's text. */
  searchText: string;
  /** Its prompt's tokens by part, raw (lib/runs/composition), for its run's page. */
  context?: object;
}

/** The list's filters and page, as the HTTP query declares them. */
export type CaptureFilter = CaptureQuery;

type Row = { summary: CaptureSummary; seq: string | number };
type DetailRow = Row & {
  /** Its body's text is inline only in a capture written before blocks (not `blocked`). */
  request: Omit<CaptureDetail['request'], 'body'> & { body: Omit<CapturedBody, 'text'> & { text?: string } };
  blocked: boolean;
  blocked_text: string | null;
  response: CaptureDetail['response'] | null;
  body: CaptureDetail['body'] | null;
  reply: CaptureDetail['reply'] | null;
  events_stream: string | null;
  events_spans: string | null;
  events_truncated: boolean | null;
  /** JSON text. */
  chunks: string | null;
};

/** The least time from one listing insert to the next: the listings that come meanwhile go together. */
const LISTING_GAP_MS = 100;

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const SEARCH_CHARS = 64 * 1024;

/**
 * The proxy's captures, in the same database as the history (PGlite or PostgreSQL), so
 * every instance on it lists and serves every capture. Each write takes the next number
 * of `capture_changes`: the live feed reads what changed since the last number it saw,
 * whichever instance wrote it. Kept to `retention` captures, the oldest deleted first.
 */
export class CaptureStore {
  constructor(private readonly sql: SqlClient) {}

  /** Listings that came since the last insert: the next one writes them together. */
  private queued: { capture: CaptureStart; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private inserting = false;

  /**
   * Lists a capture (its first row): at once when none was listed in the last
   * LISTING_GAP_MS, else with every other that came meanwhile, in one insert. 100 streams
   * starting together made 100 inserts inside the round, each a wake of PGlite's thread
   * and a statement of its own (docs/decisions.md: "The proxy at undici's dispatch level").
   */
  start(capture: CaptureStart): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queued.push({ capture, resolve, reject });
      if (!this.inserting) void this.insertQueued();
    });
  }

  private async insertQueued(): Promise<void> {
    this.inserting = true;
    while (this.queued.length) {
      const startedAt = performance.now();
      const batch = this.queued.splice(0, 200);
      try {
        await this.insert(batch.map((one) => one.capture));
        for (const one of batch) one.resolve();
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        // One row the database refused takes no other with it: each on its own.
        else for (const one of batch) await this.insert([one.capture]).then(one.resolve, one.reject);
      }
      const rest = LISTING_GAP_MS - (performance.now() - startedAt);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest).unref?.());
    }
    this.inserting = false;
  }

  /**
   * The captures' rows, and their request bodies' blocks: each block once, then the rows
   * naming theirs, in one transaction (body-blocks.ts says why under a lock).
   */
  private async insert(captures: CaptureStart[]): Promise<void> {
    const params: unknown[] = [];
    const blocks: Block[] = [];
    const rows = captures.map(({ request, response, owner, runPlace, ...summary }) => {
      const n = params.length;
      const { text, ...body } = request.body;
      const own = blocksOf(owner, storableText(text));
      blocks.push(...own);
      params.push(
        summary.id,
        summary.startedAt,
        storableText(summary.provider),
        storableText(summary.method),
        storableText(summary.path),
        summary.model === undefined ? null : storableText(summary.model),
        summary.status,
        storableJson(summary),
        storableJson({ ...request, body }),
        response ? storableJson(response) : null,
        own.map((block) => block.hash),
        owner,
        summary.run?.id ?? null,
        summary.run?.lane ?? null,
        runPlace?.parent ?? null,
        runPlace?.full ?? null,
        runPlace?.anchor ?? null,
        runPlace?.kin ?? null,
      );
      const $ = (i: number) => `$${n + i}`;
      return (
        `(${$(1)}, nextval('capture_changes'), ${$(2)}, ${$(3)}, ${$(4)}, ${$(5)}, ${$(6)}, ${$(7)}, ` +
        `${$(8)}::jsonb, ${$(9)}::jsonb, ${$(10)}::jsonb, ${hashList($(11))}, ${$(12)}, ${$(13)}, ${$(14)}, ${$(15)}, ${$(16)}, ${$(17)}, ${$(18)}::text[])`
      );
    });
    await this.sql.batch([
      insertLock,
      storeBlocks(blocks),
      {
        sql: `insert into captures (id, changed, started_at, provider, method, path, model, status, summary, request, response, request_blocks,
                owner_id, run_id, run_lane, run_parent, prompt_full, prompt_anchor, prompt_kin)
              values ${rows.join(', ')}`,
        params,
      },
    ]);
  }

  async end(id: string, end: CaptureEnd): Promise<void> {
    await this.sql.query(
      `update captures set changed = nextval('capture_changes'), status = $2, model = $3, summary = $4::jsonb,
         response = coalesce($5::jsonb, response), body = $6::jsonb, reply = $7::jsonb,
         events_stream = decode($8::text, 'base64'), events_spans = $9, events_truncated = $10,
         search_text = search_text || ' ' || $11, chunks = $12, context = coalesce($13::jsonb, context)
       where id = $1`,
      [
        id,
        end.summary.status,
        end.summary.model === undefined ? null : storableText(end.summary.model),
        storableJson(end.summary),
        end.response ? storableJson(end.response) : null,
        end.body ? storableJson(end.body) : null,
        end.reply ? storableJson(end.reply) : null,
        end.events?.deflated ?? null,
        end.events ? JSON.stringify(end.events.spans) : null,
        end.events?.truncated ?? null,
        storableText(end.searchText.slice(0, SEARCH_CHARS)),
        end.chunks ? JSON.stringify(end.chunks) : null,
        end.context ? storableJson(end.context) : null,
      ],
    );
  }

  /**
   * The second write of a capture whose last one failed: how it ended and why it is not
   * all there, two texts and nothing else, so that it is never left `streaming`.
   */
  async fail(id: string, status: Exclude<CaptureSummary['status'], 'streaming'>, error: string): Promise<void> {
    await this.sql.query(
      `update captures set changed = nextval('capture_changes'), status = $2,
         summary = summary || jsonb_build_object('status', $2::text, 'error', $3::text)
       where id = $1`,
      [id, status, storableText(error)],
    );
  }

  /** Newest first, filtered, a page at a time. */
  async list(ownerId: string, filter: CaptureFilter = {}): Promise<CapturePage> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (clause: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(clause(`$${params.length}`));
    };
    add((n) => `owner_id = ${n}`, ownerId);
    if (filter.provider) add((n) => `provider = ${n}`, filter.provider);
    if (filter.status) add((n) => `status = ${n}`, filter.status);
    if (filter.model) add((n) => `model = ${n}`, filter.model);
    if (filter.run) add((n) => `run_id = ${n}`, filter.run);
    // The request's body is searched in its blocks: each block once, however many captures name it.
    if (filter.q)
      add(
        (n) => `(path ilike ${n} or model ilike ${n} or search_text ilike ${n} or ${blocksLike('captures', n)})`,
        like(filter.q),
      );
    if (filter.before) add((n) => `seq < ${n}`, filter.before);
    const limit = Math.min(Math.max(filter.limit ?? 50, 1), 200);
    const { rows } = await this.sql.query<Row>(
      `select summary, seq from captures where ${where.join(' and ')} order by seq desc limit ${limit + 1}`,
      params,
    );
    const items = rows.slice(0, limit);
    return {
      items: items.map((r) => r.summary),
      ...(rows.length > limit ? { next: String(items.at(-1)!.seq) } : {}),
    };
  }

  /**
   * The providers and models that occur among an owner's captures, each pair once: what
   * the Traffic page's filters offer (a filter on a value no capture has finds nothing).
   * Captures are bounded by the retention, so this reads at most that many rows.
   */
  async facets(ownerId: string): Promise<CaptureFacet[]> {
    const { rows } = await this.sql.query<{ provider: string; model: string | null }>(
      'select distinct provider, model from captures where owner_id = $1 order by provider, model',
      [ownerId],
    );
    return rows.map((r) => ({ provider: r.provider, ...(r.model ? { model: r.model } : {}) }));
  }

  async get(id: string, ownerId: string): Promise<CaptureDetail | undefined> {
    const { rows } = await this.sql.query<DetailRow>(
      `select summary, seq, request, response, body, reply, encode(events_stream, 'base64') as events_stream, events_spans, events_truncated, chunks,
         c.request_blocks is not null as blocked, ${blockedText('c')} as blocked_text
       from captures c where id = $1 and ($2::text = '*' or owner_id = $2::text)`,
      [id, ownerId],
    );
    const row = rows[0];
    if (!row) return undefined;
    const events =
      row.events_stream !== null
        ? await readPackedEvents({
            deflated: row.events_stream,
            spans: JSON.parse(row.events_spans ?? '[]') as number[],
            truncated: row.events_truncated ?? false,
          })
        : undefined;
    const { text, ...body } = row.request.body;
    return {
      ...row.summary,
      request: { ...row.request, body: { text: requestText(row, text, id), ...body } },
      ...(row.response ? { response: row.response } : {}),
      ...(events ? { events } : {}),
      ...(row.body ? { body: row.body } : {}),
      ...(row.reply ? { reply: row.reply } : {}),
      ...(row.chunks ? { chunks: JSON.parse(row.chunks) as CaptureDetail['chunks'] } : {}),
    };
  }

  /** Whether it was there to delete. Its request's blocks go with it, but those another capture names. */
  async delete(id: string, ownerId: string): Promise<boolean> {
    const [, deleted] = await this.sql.batch([
      sweepLock,
      {
        sql: `with gone as (delete from captures where id = $1 and owner_id = $2 returning id, request_blocks), ${sweptWith('gone')}
              select id from gone`,
        params: [id, ownerId],
      },
    ]);
    return (deleted?.rows.length ?? 0) > 0;
  }

  /** Every capture changed since `cursor` (a number of `capture_changes`), oldest change first, and the new cursor. */
  async changedSince(
    cursor: number,
    limit = 200,
  ): Promise<{ items: { capture: CaptureSummary; ownerId: string }[]; cursor: number }> {
    const { rows } = await this.sql.query<{ summary: CaptureSummary; changed: string | number; owner_id: string }>(
      `select summary, changed, owner_id from captures where changed > $1 order by changed limit ${limit}`,
      [cursor],
    );
    return {
      items: rows.map((r) => ({ capture: r.summary, ownerId: r.owner_id })),
      cursor: rows.length ? Number(rows.at(-1)!.changed) : cursor,
    };
  }

  /** The feed's starting point: the latest change number written. */
  async lastChange(): Promise<number> {
    const { rows } = await this.sql.query<{ changed: string | number | null }>('select max(changed) as changed from captures');
    return Number(rows[0]?.changed ?? 0);
  }

  /** Captures a stopped server left `streaming` (the embedded database has one writer): `interrupted`, saying why. */
  async settleInterrupted(message: string): Promise<void> {
    await this.sql.query(
      `update captures set status = 'interrupted', changed = nextval('capture_changes'),
         summary = summary || jsonb_build_object('status', 'interrupted', 'error', $1::text)
       where status = 'streaming'`,
      [message],
    );
  }

  /** Deletes all but the newest `keep` captures, and the blocks only they named. */
  async prune(keep: number): Promise<void> {
    await this.sql.batch([
      sweepLock,
      {
        sql: `with gone as (
                delete from captures where seq <= (select seq from captures order by seq desc offset $1 limit 1) returning id, request_blocks
              ), ${sweptWith('gone')}
              select count(*) from gone`,
        params: [keep],
      },
    ]);
  }
}
