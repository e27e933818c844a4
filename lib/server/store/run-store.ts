import 'server-only';
import type { CaptureDetail, CaptureSummary } from '@/lib/api/captures';
import type { RunSource } from '@/lib/api/runs';
import type { SqlClient } from '@/lib/server/database/sql-client';
import { storableText } from '@/lib/server/database/storable';
import { blockedText, requestText } from './body-blocks';

/** A run's own row: what names it. Its figures are its captures'. */
export interface RunRow {
  id: string;
  name: string;
  source: RunSource;
  startedAt: string;
}

/** A capture as continuity sees it: where it stands in its run, and its prompt's hashes. */
export interface RunMember {
  captureId: string;
  runId: string;
  lane: number;
  startedAt: number;
  /** The hash of its whole prompt (sections chained). */
  full?: string;
  /** The hash of its first user message: a conversation's identity when its prompt changed. */
  anchor?: string;
  /** What a related request shares with it (its tools' names, system prompt, first user message), hashed: PromptDigest.kin. */
  kin?: string[];
  /** Its run was named by its app (not found by continuity). */
  named: boolean;
}

/** The raw token counts of a capture's prompt by part, as the capture recorder counted them (lib/runs/composition). */
export type StoredContext = Record<string, unknown>;

/** One step's row, as a run's page reads it: the summary, the raw context, and what the prompt held. */
export interface RunStepRow {
  summary: CaptureSummary;
  parent: string | null;
  context: StoredContext | null;
  reply: CaptureDetail['reply'] | null;
}

export interface RunListRow extends RunRow {
  steps: CaptureSummary[];
}

type MemberRow = {
  id: string;
  run_id: string;
  run_lane: number;
  started_at: Date | string;
  prompt_full: string | null;
  prompt_anchor: string | null;
  prompt_kin?: string[] | null;
  named: boolean;
};

const memberOf = (r: MemberRow): RunMember => ({
  captureId: r.id,
  runId: r.run_id,
  lane: r.run_lane,
  startedAt: new Date(r.started_at).getTime(),
  ...(r.prompt_full ? { full: r.prompt_full } : {}),
  ...(r.prompt_anchor ? { anchor: r.prompt_anchor } : {}),
  ...(r.prompt_kin ? { kin: r.prompt_kin } : {}),
  named: r.named,
});

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Agent runs: a row per run (its name, how it was found), and on each capture its run,
 * lane and branch parent. A run's figures are not kept here: they are its captures',
 * added up as it is read, so a capture that ends changes its run with no second write.
 */
export class RunStore {
  constructor(private readonly sql: SqlClient) {}

  /** The owner's run of this key, made on first use (two instances asking at once get one run). */
  async named(owner: string, key: string, name: string, startedAt: string, id: string): Promise<string> {
    const { rows } = await this.sql.query<{ id: string }>(
      `insert into runs (id, owner_id, key, name, source, started_at) values ($1, $2, $3, $4, 'named', $5)
       on conflict (owner_id, key) do update set key = excluded.key
       returning id`,
      [id, owner, storableText(key), storableText(name), startedAt],
    );
    return rows[0]!.id;
  }

  /** A run found by continuity: a new one for a request that extends none. */
  async create(owner: string, name: string, startedAt: string, id: string): Promise<string> {
    await this.sql.query(
      `insert into runs (id, owner_id, key, name, source, started_at) values ($1, $2, null, $3, 'continuity', $4)`,
      [id, owner, storableText(name), startedAt],
    );
    return id;
  }

  /**
   * The capture a request continues, if any, among the owner's since `since` (ms): one whose
   * whole prompt is one of its links (a prefix of it), else one with its anchor; in `runId`,
   * or else in runs found by continuity. At most one row: placing a request reads no more,
   * on the proxy's path while other streams flow.
   */
  async continued(
    owner: string,
    since: number,
    links: string[],
    anchor: string | undefined,
    runId?: string,
  ): Promise<RunMember | undefined> {
    const { rows } = await this.sql.query<MemberRow>(
      `select c.id, c.run_id, c.run_lane, c.started_at, c.prompt_full, c.prompt_anchor, r.key is not null as named
       from captures c join runs r on r.id = c.run_id
       where c.owner_id = $1 and c.started_at > $2 and (c.prompt_full = any($3::text[]) or c.prompt_anchor = $4)
         and ${runId === undefined ? 'r.key is null' : 'c.run_id = $5'}
       order by (c.prompt_full = any($3::text[])) desc, c.started_at desc limit 1`,
      [owner, new Date(since).toISOString(), links, anchor ?? null, ...(runId === undefined ? [] : [runId])],
    );
    return rows[0] && memberOf(rows[0]);
  }

  /**
   * The owner's newest capture in a run found by continuity, begun since `since` (ms): the
   * active run, if any. With `kin`, only a capture that shares one of them (a tool, the
   * system prompt, the first user message): the run a request with that kin is a subagent of.
   */
  async latestContinuity(owner: string, since: number, kin?: string[]): Promise<RunMember | undefined> {
    if (kin?.length === 0) return undefined;
    const { rows } = await this.sql.query<MemberRow>(
      `select c.id, c.run_id, c.run_lane, c.started_at, c.prompt_full, c.prompt_anchor, c.prompt_kin, false as named
       from captures c join runs r on r.id = c.run_id
       where c.owner_id = $1 and c.started_at > $2 and r.key is null${kin ? ' and c.prompt_kin && $3::text[]' : ''}
       order by c.started_at desc limit 1`,
      [owner, new Date(since).toISOString(), ...(kin ? [kin] : [])],
    );
    return rows[0] && memberOf(rows[0]);
  }

  /** A run's lanes so far: the highest lane and its newest capture (where a new branch begins), none when it has no capture yet. */
  async lanes(runId: string): Promise<{ maxLane: number; newest: string } | undefined> {
    const { rows } = await this.sql.query<{ id: string; max_lane: number | null }>(
      `select id, (select max(run_lane) from captures where run_id = $1) as max_lane
       from captures where run_id = $1 order by started_at desc limit 1`,
      [runId],
    );
    return rows[0] ? { maxLane: rows[0].max_lane ?? 0, newest: rows[0].id } : undefined;
  }

  /** Newest first; `q` matches the name; `before`: a page's cursor (a run id). */
  async list(
    owner: string,
    filter: { q?: string; before?: string; limit?: number } = {},
  ): Promise<{ runs: RunListRow[]; next?: string }> {
    const params: unknown[] = [owner];
    // A run whose captures were all pruned or deleted is not listed.
    const where = ['owner_id = $1', 'exists (select 1 from captures c where c.run_id = runs.id)'];
    if (filter.q) where.push(`name ilike $${params.push(like(filter.q))}`);
    if (filter.before)
      where.push(`(started_at, id) < (select started_at, id from runs where id = $${params.push(filter.before)})`);
    const limit = Math.min(Math.max(filter.limit ?? 50, 1), 200);
    const { rows } = await this.sql.query<{ id: string; name: string; source: RunSource; started_at: Date | string }>(
      `select id, name, source, started_at from runs where ${where.join(' and ')} order by started_at desc, id desc limit ${limit + 1}`,
      params,
    );
    const page = rows.slice(0, limit);
    const steps = await this.summaries(page.map((r) => r.id));
    return {
      runs: page.map((r) => ({ ...rowOf(r), steps: steps.get(r.id) ?? [] })),
      ...(rows.length > limit ? { next: page.at(-1)!.id } : {}),
    };
  }

  private async summaries(runIds: string[]): Promise<Map<string, CaptureSummary[]>> {
    const byRun = new Map<string, CaptureSummary[]>();
    if (runIds.length === 0) return byRun;
    const { rows } = await this.sql.query<{ run_id: string; summary: CaptureSummary }>(
      `select run_id, summary from captures where run_id = any($1::text[]) order by started_at, seq`,
      [runIds],
    );
    for (const row of rows) byRun.set(row.run_id, [...(byRun.get(row.run_id) ?? []), row.summary]);
    return byRun;
  }

  async get(id: string, owner: string): Promise<RunRow | undefined> {
    const { rows } = await this.sql.query<{ id: string; name: string; source: RunSource; started_at: Date | string }>(
      `select id, name, source, started_at from runs where id = $1 and ($2::text = '*' or owner_id = $2::text)`,
      [id, owner],
    );
    return rows[0] && rowOf(rows[0]);
  }

  /** A run's steps in the order their requests started, with what a run's page works out from each: its raw context counts and its reply. */
  async steps(runId: string): Promise<RunStepRow[]> {
    const { rows } = await this.sql.query<{
      summary: CaptureSummary;
      run_parent: string | null;
      context: StoredContext | null;
      reply: CaptureDetail['reply'] | null;
    }>(`select summary, run_parent, context, reply from captures where run_id = $1 order by started_at, seq`, [runId]);
    return rows.map((r) => ({ summary: r.summary, parent: r.run_parent, context: r.context, reply: r.reply }));
  }

  /** These captures' request bodies (redacted, as captured), by capture id: only the few a page compares. */
  async bodies(runId: string, ids: string[]): Promise<Map<string, string>> {
    const { rows } = await this.sql.query<{ id: string; text: string | null; blocked: boolean; blocked_text: string | null }>(
      `select id, request->'body'->>'text' as text, c.request_blocks is not null as blocked, ${blockedText('c')} as blocked_text
       from captures c where run_id = $1 and id = any($2::text[])`,
      [runId, [...new Set(ids)]],
    );
    return new Map(rows.map((r) => [r.id, requestText(r, r.text ?? undefined, r.id)]));
  }

  async delete(id: string, owner: string): Promise<boolean> {
    const { rows } = await this.sql.query<{ id: string }>('delete from runs where id = $1 and owner_id = $2 returning id', [
      id,
      owner,
    ]);
    if (rows.length) await this.sql.query('update captures set run_id = null where run_id = $1', [id]);
    return rows.length > 0;
  }
}

const rowOf = (r: { id: string; name: string; source: RunSource; started_at: Date | string }): RunRow => ({
  id: r.id,
  name: r.name,
  source: r.source,
  startedAt: new Date(r.started_at).toISOString(),
});
