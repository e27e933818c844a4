import 'server-only';
import type { StoredVote, Verdict, VoteFilter, VoteInput, VotePane } from '@/lib/api/votes';
import { uuidv7 } from '@/lib/server/platform/ids';
import type { SqlClient } from '@/lib/server/database/sql-client';
import { storableJson, storableText } from '@/lib/server/database/storable';

/** A vote as the leaderboard reads it: who raced and who won, without the replies. */
export type VoteOutcome = Pick<StoredVote, 'id' | 'createdAt' | 'verdict' | 'blind'> & {
  panes: Pick<VotePane, 'label' | 'provider' | 'model'>[];
};

type Row = {
  id: string;
  created_at: Date | string;
  compare_id: string | null;
  prompt: string;
  verdict: string;
  winner: string | null;
  blind: boolean;
  non_blind_reason: string | null;
  panes: unknown;
};

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const verdictOf = (row: Pick<Row, 'verdict' | 'winner'>): Verdict =>
  row.verdict === 'best' ? { kind: 'best', label: row.winner ?? '' } : { kind: row.verdict === 'tie' ? 'tie' : 'both-bad' };
/** PGlite and node-postgres both parse jsonb; a driver that hands text back is read as JSON. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The prompt filter reads this much of each prompt: enough for any words a person types. */
const SEARCH_CHARS = 64 * 1024;

/** The filter's conditions on `votes`, from parameter $1 on: the voter, from, to, prompt words. */
const FILTERED = `owner_id = $1
  and ($2::timestamptz is null or created_at >= $2::timestamptz)
  and ($3::timestamptz is null or created_at < $3::timestamptz)
  and ($4::text is null or position($4::text in search_text) > 0)`;
const filterParams = (ownerId: string, { from, to, q }: VoteFilter) => [
  ownerId,
  from ?? null,
  to ?? null,
  q?.trim().toLowerCase() || null,
];

/**
 * The blind votes of issue 38, in the same database as the history (PGlite or
 * PostgreSQL). A vote is written once and never changed; its compare session may be
 * deleted, and the vote stays, with no session to open.
 */
export class VoteStore {
  constructor(private readonly sql: SqlClient) {}

  async recordVote(input: VoteInput, ownerId: string): Promise<StoredVote> {
    const id = uuidv7();
    const { rows } = await this.sql.query<{ created_at: Date | string }>(
      `insert into votes (id, compare_id, prompt, verdict, winner, blind, non_blind_reason, panes, search_text, owner_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, lower($9), $10)
       returning created_at`,
      [
        id,
        input.compareId,
        storableText(input.prompt),
        input.verdict.kind,
        input.verdict.kind === 'best' ? input.verdict.label : null,
        input.blind,
        input.nonBlindReason,
        storableJson(input.panes),
        storableText(input.prompt.slice(0, SEARCH_CHARS)),
        ownerId,
      ],
    );
    return { ...input, id, createdAt: iso(rows[0]!.created_at) };
  }

  /** The votes in the filter, oldest first, whole (replies and figures included). */
  async listVotes(ownerId: string, filter: VoteFilter = {}): Promise<StoredVote[]> {
    const { rows } = await this.sql.query<Row>(
      `select id, created_at, compare_id, prompt, verdict, winner, blind, non_blind_reason, panes
       from votes where ${FILTERED} order by created_at, seq`,
      filterParams(ownerId, filter),
    );
    return rows.map((row) => ({
      id: row.id,
      createdAt: iso(row.created_at),
      compareId: row.compare_id,
      prompt: row.prompt,
      verdict: verdictOf(row),
      blind: row.blind,
      nonBlindReason: row.non_blind_reason,
      panes: json<VotePane[]>(row.panes),
    }));
  }

  /** The votes in the filter, oldest first, as the leaderboard rates them: the replies stay in the database. */
  async listOutcomes(ownerId: string, filter: VoteFilter = {}): Promise<VoteOutcome[]> {
    const { rows } = await this.sql.query<Pick<Row, 'id' | 'created_at' | 'verdict' | 'winner' | 'blind' | 'panes'>>(
      `select id, created_at, verdict, winner, blind,
              (select jsonb_agg(jsonb_build_object('label', p->>'label', 'provider', p->>'provider', 'model', p->>'model') order by n)
               from jsonb_array_elements(panes) with ordinality as x(p, n)) as panes
       from votes where ${FILTERED} order by created_at, seq`,
      filterParams(ownerId, filter),
    );
    return rows.map((row) => ({
      id: row.id,
      createdAt: iso(row.created_at),
      verdict: verdictOf(row),
      blind: row.blind,
      panes: json<VoteOutcome['panes']>(row.panes) ?? [],
    }));
  }
}
