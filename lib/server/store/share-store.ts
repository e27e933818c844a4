import 'server-only';
import type { ShareKind, ShareSnapshot, ShareSummary } from '@/lib/api/shares';
import type { SqlClient, Statement } from '@/lib/server/database/sql-client';
import { storableJson } from '@/lib/server/database/storable';
import type { ForkedFrom } from '@/lib/api/conversations';

type Row = {
  id: string;
  kind: string;
  title: string;
  created_at: Date | string;
  expires_at: Date | string | null;
  signed_in_only: boolean;
  revoked_at: Date | string | null;
};

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

const summaryOf = (row: Row): ShareSummary => ({
  id: row.id,
  kind: row.kind as ShareKind,
  title: row.title,
  createdAt: iso(row.created_at),
  ...(row.expires_at ? { expiresAt: iso(row.expires_at) } : {}),
  signedInOnly: row.signed_in_only,
  revoked: row.revoked_at !== null,
});

/** A share as its page reads it: only one that is live (not revoked, not expired). */
export interface OpenShare extends ShareSummary {
  ownerId: string;
  snapshot: ShareSnapshot;
}

/** A new share's row; the snapshot already as JSON text (its size was checked on that text). */
export interface NewShareRow {
  id: string;
  tokenHash: string;
  ownerId: string;
  kind: ShareKind;
  title: string;
  snapshotJson: string;
  expiresAt?: Date;
  signedInOnly: boolean;
}

const COLUMNS = 'id, kind, title, created_at, expires_at, signed_in_only, revoked_at';

/** The shares (issue 40), in the same database as what they were taken from; found by their token's hash only. */
export class ShareStore {
  constructor(private readonly sql: SqlClient) {}

  async create(share: NewShareRow): Promise<ShareSummary> {
    const { rows } = await this.sql.query<Row>(
      `insert into shares (id, token_hash, owner_id, kind, title, snapshot, expires_at, signed_in_only)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8) returning ${COLUMNS}`,
      [
        share.id,
        share.tokenHash,
        share.ownerId,
        share.kind,
        share.title,
        share.snapshotJson,
        share.expiresAt?.toISOString() ?? null,
        share.signedInOnly,
      ],
    );
    return summaryOf(rows[0]!);
  }

  /** The owner's shares, newest first, revoked ones too (marked). */
  async list(ownerId: string): Promise<ShareSummary[]> {
    const { rows } = await this.sql.query<Row>(
      `select ${COLUMNS} from shares where owner_id = $1 order by created_at desc, id desc limit 500`,
      [ownerId],
    );
    return rows.map(summaryOf);
  }

  /** Revokes the owner's share (again is no change); false when they own none with this id. */
  async revoke(ownerId: string, id: string): Promise<boolean> {
    const { rows } = await this.sql.query(
      `update shares set revoked_at = coalesce(revoked_at, now()) where id = $1 and owner_id = $2 returning id`,
      [id, ownerId],
    );
    return rows.length > 0;
  }

  /** The live share with this token hash: none when unknown, revoked or expired (the caller cannot tell which). */
  async open(tokenHash: string): Promise<OpenShare | undefined> {
    const { rows } = await this.sql.query<Row & { owner_id: string; snapshot: ShareSnapshot }>(
      `select ${COLUMNS}, owner_id, snapshot from shares
       where token_hash = $1 and revoked_at is null and (expires_at is null or expires_at > now())`,
      [tokenHash],
    );
    const row = rows[0];
    return row ? { ...summaryOf(row), ownerId: row.owner_id, snapshot: row.snapshot } : undefined;
  }

  /** Writes a fork's conversations, messages and event logs, all or none (see fork.ts for the rows). */
  async writeFork(rows: ForkRows): Promise<void> {
    const statements: Statement[] = [
      {
        sql: `insert into conversations (id, title, kind, parent_id, pane, leaf_id, owner_id, forked_from)
              select c->>'id', c->>'title', c->>'kind', c->>'parent', (c->>'pane')::integer, c->>'leaf', $2, c->'forkedFrom'
              from jsonb_array_elements($1::jsonb) with ordinality as rows(c, n) order by n`,
        params: [storableJson(rows.conversations), rows.ownerId],
      },
      {
        sql: `insert into messages (id, conversation_id, seq, parent_id, role, status, body, search_text)
              select m->>'id', m->>'conversation', (m->>'seq')::integer, m->>'parent', m->>'role', m->>'status', m->'body', m->>'search'
              from jsonb_array_elements($1::jsonb) as rows(m)`,
        params: [storableJson(rows.messages)],
      },
    ];
    if (rows.events.length > 0)
      statements.push({
        sql: `insert into reply_events (message_id, stream, spans, truncated)
              select e->>'message', decode(e->>'deflated', 'base64'), e->>'spans', (e->>'truncated')::boolean
              from jsonb_array_elements($1::jsonb) as rows(e)`,
        params: [storableJson(rows.events)],
      });
    await this.sql.batch(statements);
  }
}

/** A fork as rows: its conversations (a compare session before its panes), their messages and the replies' packed logs. */
export interface ForkRows {
  ownerId: string;
  conversations: {
    id: string;
    title: string;
    kind: 'chat' | 'compare';
    parent: string | null;
    pane: number | null;
    leaf: string | null;
    /** The share it is a copy of (the chat, or the race's session; not its panes). */
    forkedFrom?: ForkedFrom;
  }[];
  messages: {
    id: string;
    conversation: string;
    seq: number;
    parent: string | null;
    role: string;
    status: string | null;
    body: object;
    search: string;
  }[];
  /** spans as text, as the store keeps them (see PackedEvents). */
  events: { message: string; deflated: string; spans: string; truncated: boolean }[];
}
