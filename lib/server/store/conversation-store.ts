import 'server-only';
import { storableJson, storableText } from '@/lib/server/database/storable';
import type { SqlClient } from '@/lib/server/database/sql-client';
import type { BlindSeat, BlindVote } from '@/lib/api/blind';
import type { ForkedFrom } from '@/lib/api/conversations';
import type { ReplayOf } from '@/lib/api/providers';
import type { ModelPricing } from '@/lib/pricing/cost';
import { GroupedWrites } from './grouped-writes';
import { LEAF, PATH } from './message-tree';
import { TOUCH, writeTurns } from './turn-writes';
import { readPackedEvents } from '@/lib/server/database/packed-events';
import { CaptureStore } from './capture-store';
import { RunStore } from './run-store';
import { SessionStore } from './session-store';
import { UserStore } from './user-store';
import { TokenStore } from './token-store';
import { UsageStore } from './usage-store';
import { VoteStore } from '@/lib/server/store/vote-store';
import { ShareStore } from '@/lib/server/store/share-store';
import type {
  CompareSession,
  Conversation,
  ConversationPage,
  ConversationStore,
  ConversationSummary,
  BlindSeating,
  ListOptions,
  ReplyRecord,
  PackedEvents,
  StoredEvents,
  StoredMessage,
  StoredReply,
  Turn,
} from './types';

type ConversationRow = {
  id: string;
  kind: string;
  title: string;
  created_at: Date | string;
  updated_at: Date | string;
  upstream_conversation_id: string | null;
  parent_id: string | null;
  pane: number | null;
  /** A blind race's seats and vote (a session's row only). */
  blind?: { seats: BlindSeat[]; vote?: BlindVote } | null;
  /** A fork of a share: where it came from. */
  forked_from?: ForkedFrom | null;
};
type MessageRow = {
  id: string;
  role: string;
  body: Record<string, unknown>;
  created_at: Date | string;
  /** On a conversation's path: every version of its turn, oldest first. */
  versions?: string[] | null;
};

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const summary = (r: ConversationRow): ConversationSummary => ({
  id: r.id,
  kind: r.kind === 'compare' ? 'compare' : 'chat',
  title: r.title,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  ...(r.upstream_conversation_id ? { upstreamConversationId: r.upstream_conversation_id } : {}),
  ...(r.blind ? { blind: r.blind.vote ? ('revealed' as const) : ('hidden' as const) } : {}),
  ...(r.forked_from ? { forkedFrom: { title: r.forked_from.title, sharedAt: r.forked_from.sharedAt } } : {}),
});

/** Microseconds since the epoch: exact (extract gives numeric), so a page boundary never skips or repeats a row. */
const ACTIVITY = '(extract(epoch from updated_at) * 1000000)::bigint';
const CURSOR = /^(\d{1,19}):([0-9a-f-]{36})$/;
const MAX_BIGINT = 9223372036854775807n;

/** A cursor this server could have given: its time fits PostgreSQL's bigint (a larger one failed the query). */
export const isCursor = (cursor: string) => {
  const match = CURSOR.exec(cursor);
  return match !== null && BigInt(match[1]!) <= MAX_BIGINT;
};

/**
 * In the list (conversations `c`): a message `m` of the listed conversation, or of one of
 * its panes, meets `condition`. Two branches, not one `or`: with the `or`, each listed row
 * read every message in the database (a page took 6 ms per row at 4,000 messages).
 */
const ANY_MESSAGE = (condition: string) =>
  `(exists (select 1 from messages m where m.conversation_id = c.id and ${condition})
    or exists (select 1 from conversations p join messages m on m.conversation_id = p.id where p.parent_id = c.id and ${condition}))`;

/** A reply's model as the list names it: a replay's, its recording's (its own model is the recording's id). */
const MODEL = `coalesce(m.body->'replayOf'->>'model', m.body->>'model')`;

/**
 * In the list: the model of the listed conversation's reply shown last (its leaf's; the
 * last one stored if the leaf is no reply), or of each of its panes' (in pane order).
 * Two branches, not one `or`: each is an index lookup.
 */
const MODELS = `array_remove(array(
   select coalesce((select ${MODEL} from messages m where m.id = x.leaf_id and m.role = 'assistant'),
                   (select ${MODEL} from messages m
                    where m.conversation_id = x.id and m.role = 'assistant'
                    order by m.seq desc limit 1))
   from (select c.id, c.leaf_id, -1 as pane union all select p.id, p.leaf_id, p.pane from conversations p where p.parent_id = c.id) x
   order by x.pane), null)`;

/**
 * Conversation `id` is a pane of a blind race not yet voted on: its replies are neither
 * replayed nor offered to /diff by their id alone, whose answers would name the model.
 */
const HIDDEN_BLIND = (id: string) =>
  `exists (select 1 from conversations bp join conversations bs on bs.id = bp.parent_id
           where bp.id = ${id} and bs.blind is not null and bs.blind->'vote' is null)`;

/**
 * The client, each of whose statements runs once the turns begun before it are written
 * (`GroupedWrites.after`): a turn is written with its group, a moment after it was begun,
 * and what is asked after it must still find it (a conversation read, a next turn, a delete).
 */
function afterEach(sql: SqlClient, turns: GroupedWrites<Turn>): SqlClient {
  return {
    query: (text, params) => turns.after(() => sql.query(text, params)),
    exec: (text) => turns.after(() => sql.exec(text)),
    batch: (statements) => turns.after(() => sql.batch(statements)),
    alone: (work) => sql.alone(work),
    close: () => turns.after(() => sql.close()),
  };
}

/** One query layer over any PostgreSQL: PGlite embedded, or a server through `pg`. */
export class SqlConversationStore implements ConversationStore {
  /** The recording proxy's captures, in the same database. */
  readonly captures: CaptureStore;
  /** The agent runs they are grouped into. */
  readonly runs: RunStore;
  /** The blind votes, in the same database. */
  readonly votes: VoteStore;
  /** The people who signed in, in the same database. */
  readonly users: UserStore;
  /** The shares' snapshots (issue 40), in the same database. */
  readonly shares: ShareStore;
  /** Sluice's own sign-ins (SLUICE_AUTH=oidc), in the same database. */
  readonly sessions: SessionStore;
  /** Their personal tokens (hashes only). */
  readonly tokens: TokenStore;
  /** Their usage totals, for admins. */
  readonly usage: UsageStore;

  /** Turns that come together are written together (see GroupedWrites). */
  private readonly turns: GroupedWrites<Turn>;
  /** Every other statement: each runs once the turns begun before it are written. */
  private readonly sql: SqlClient;

  constructor(
    sql: SqlClient,
    readonly shared = false,
  ) {
    this.captures = new CaptureStore(sql);
    this.runs = new RunStore(sql);
    this.votes = new VoteStore(sql);
    this.users = new UserStore(sql);
    this.shares = new ShareStore(sql);
    this.sessions = new SessionStore(sql);
    this.tokens = new TokenStore(sql);
    this.usage = new UsageStore(sql);
    this.turns = new GroupedWrites(async (turns) => {
      await writeTurns(sql, turns);
      if (!shared) this.keepStatistics(turns.length);
    });
    this.sql = afterEach(sql, this.turns);
  }

  /** New turns written since the list's statistics were last taken, and how many to take them at. */
  private turnsSinceStatistics = 0;
  private statisticsAt = 100;

  /**
   * The embedded database has no autovacuum to keep its planner's statistics: without
   * them the list sorted every conversation for each page instead of reading the
   * activity index (2,000 conversations: 7.7 ms a page, 1.3 ms with them). Taken when
   * the store opens, then after 100 new turns, 200 more, 400 more and so on; a server
   * PostgreSQL's autovacuum does this itself (docs/decisions.md: "Turns written in groups").
   */
  keepStatistics(written = 0): void {
    this.turnsSinceStatistics += written;
    if (written > 0 && this.turnsSinceStatistics < this.statisticsAt) return;
    this.statisticsAt = Math.max(100, this.turnsSinceStatistics * 2);
    this.turnsSinceStatistics = 0;
    this.sql.exec('analyze conversations').catch(() => undefined); // only the plan is at stake
  }

  async ownerOf(id: string): Promise<string | undefined> {
    const { rows } = await this.sql.query<{ owner_id: string }>('select owner_id from conversations where id = $1', [id]);
    return rows[0]?.owner_id;
  }

  async conversationExists(id: string, kind: 'chat' | 'compare', ownerId: string): Promise<boolean> {
    const { rows } = await this.sql.query('select 1 from conversations where id = $1 and kind = $2 and owner_id = $3', [
      id,
      kind,
      ownerId,
    ]);
    return rows.length > 0;
  }

  async listConversations({ ownerId, query, cursor, limit = 50 }: ListOptions): Promise<ConversationPage> {
    const after = cursor && isCursor(cursor) ? CURSOR.exec(cursor) : null;
    if (cursor && !after) throw new Error(`Invalid cursor "${cursor}"`);
    const needle = query?.trim().toLowerCase() || null;
    // The page is chosen first; what each entry shows (streaming, models) is read for its rows only.
    const { rows } = await this.sql.query<ConversationRow & { activity: string; streaming: boolean; models: string[] | null }>(
      `with listed as (
         select *, ${ACTIVITY}::text as activity
         from conversations c
         where c.parent_id is null and c.owner_id = $5
           and ($1::text is null
                or position($1 in lower(c.title)) > 0
                or ${ANY_MESSAGE('position($1 in lower(m.search_text)) > 0')})
           and ($2::bigint is null or ${ACTIVITY} < $2::bigint or (${ACTIVITY} = $2::bigint and id < $3))
         order by updated_at desc, id desc
         limit $4)
       select c.*,
              ${ANY_MESSAGE(`m.status = 'streaming'`)} as streaming,
              ${MODELS} as models
       from listed c
       order by updated_at desc, id desc`,
      [needle, after?.[1] ?? null, after?.[2] ?? null, limit + 1, ownerId],
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      conversations: page.map((row) => ({
        ...summary(row),
        models: row.models ?? [],
        ...(row.streaming ? { streaming: true as const } : {}),
      })),
      ...(rows.length > limit && last ? { nextCursor: `${last.activity}:${last.id}` } : {}),
    };
  }

  async getConversation(id: string): Promise<Conversation | undefined> {
    const { rows } = await this.sql.query<ConversationRow>(`select * from conversations where id = $1 and kind = 'chat'`, [id]);
    return rows[0] ? this.withMessages(rows[0]) : undefined;
  }

  async createCompare({
    id,
    title,
    blind,
    ownerId,
  }: {
    id: string;
    title: string;
    blind?: BlindSeat[];
    ownerId: string;
  }): Promise<ConversationSummary> {
    const { rows } = await this.sql.query<ConversationRow>(
      `insert into conversations (id, title, kind, blind, owner_id) values ($1, $2, 'compare', $3::jsonb, $4) returning *`,
      [id, title, blind ? storableJson({ seats: blind }) : null, ownerId],
    );
    return summary(rows[0]!);
  }

  async blindSeating(conversationId: string): Promise<(BlindSeating & { pane?: number }) | undefined> {
    const { rows } = await this.sql.query<{ id: string; blind: { seats: BlindSeat[]; vote?: BlindVote }; pane: number | null }>(
      `select s.id, s.blind, c.pane from conversations c join conversations s on s.id = coalesce(c.parent_id, c.id)
       where c.id = $1 and s.blind is not null`,
      [conversationId],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      sessionId: row.id,
      seats: row.blind.seats,
      ...(row.blind.vote ? { vote: row.blind.vote } : {}),
      ...(row.pane !== null ? { pane: row.pane } : {}),
    };
  }

  async castBlindVote(sessionId: string, vote: BlindVote): Promise<boolean> {
    // One statement: of two votes at once, one finds the other's and is refused.
    const { rows } = await this.sql.query(
      `update conversations set blind = blind || jsonb_build_object('vote', $2::jsonb)
       where id = $1 and blind is not null and blind->'vote' is null returning id`,
      [sessionId, storableJson(vote)],
    );
    return rows.length > 0;
  }

  async getCompare(id: string): Promise<CompareSession | undefined> {
    const { rows } = await this.sql.query<ConversationRow>(`select * from conversations where id = $1 and kind = 'compare'`, [
      id,
    ]);
    if (!rows[0]) return undefined;
    const panes = await this.sql.query<ConversationRow>('select * from conversations where parent_id = $1 order by pane', [id]);
    return { ...summary(rows[0]), kind: 'compare', panes: await Promise.all(panes.rows.map((row) => this.withMessages(row))) };
  }

  async forkConversation(id: string, newId: string, newMessageId: () => string): Promise<ConversationSummary | undefined> {
    const { rows } = await this.sql.query<{ id: string | null }>(
      `select m.id from conversations c left join messages m on m.conversation_id = c.id where c.id = $1 and c.kind = 'chat'`,
      [id],
    );
    if (rows.length === 0) return undefined;
    // Old message id -> new one; the copy itself (bodies, raw events) stays inside the database.
    // Every version is copied, and the fork shows the one shown here.
    const ids = JSON.stringify(Object.fromEntries(rows.flatMap((r) => (r.id ? [[r.id, newMessageId()]] : []))));
    const [created] = await this.sql.batch([
      {
        sql: `insert into conversations (id, title, kind, leaf_id, owner_id)
              select $2, title, 'chat', ($3::jsonb ->> ${LEAF}), owner_id from conversations c where id = $1 returning *`,
        params: [id, newId, ids],
      },
      {
        sql: `insert into messages (id, conversation_id, seq, parent_id, role, status, body, search_text, created_at, upstream_body)
              select ($3::jsonb ->> m.id), $2, m.seq, ($3::jsonb ->> m.parent_id), m.role, m.status, m.body, m.search_text, m.created_at, m.upstream_body
              from messages m where m.conversation_id = $1`,
        params: [id, newId, ids],
      },
      {
        sql: `insert into reply_events (message_id, items, stream, spans, truncated)
              select ($2::jsonb ->> e.message_id), e.items, e.stream, e.spans, e.truncated
              from reply_events e join messages m on m.id = e.message_id where m.conversation_id = $1`,
        params: [id, ids],
      },
    ]);
    const row = created?.rows[0] as ConversationRow | undefined;
    return row ? summary(row) : undefined;
  }

  /** The conversation with the messages it shows: the path to its leaf, each with its turn's versions. */
  private async withMessages(row: ConversationRow): Promise<Conversation> {
    const messages = await this.sql.query<MessageRow>(
      `with recursive ${PATH},
            versions as (select id, array_agg(id) over (partition by parent_id order by seq
                                                        rows between unbounded preceding and unbounded following) as versions
                         from messages where conversation_id = $1)
       select m.id, m.role, m.body, m.created_at, v.versions
       from path p join messages m on m.id = p.id join versions v on v.id = p.id
       order by p.depth desc`,
      [row.id],
    );
    return {
      ...summary(row),
      ...(row.parent_id !== null && row.pane !== null ? { compare: { id: row.parent_id, pane: row.pane } } : {}),
      messages: messages.rows.map(messageOf),
    };
  }

  async getMessage(conversationId: string, messageId: string): Promise<StoredMessage | undefined> {
    const { rows } = await this.sql.query<MessageRow>(
      'select id, role, body, created_at from messages where id = $1 and conversation_id = $2',
      [messageId, conversationId],
    );
    return rows[0] ? messageOf(rows[0]) : undefined;
  }

  async renameConversation(id: string, title: string): Promise<ConversationSummary | undefined> {
    const { rows } = await this.sql.query<ConversationRow>('update conversations set title = $2 where id = $1 returning *', [
      id,
      title,
    ]);
    return rows[0] ? summary(rows[0]) : undefined;
  }

  async deleteConversation(id: string): Promise<boolean> {
    const { rows } = await this.sql.query('delete from conversations where id = $1 returning id', [id]);
    return rows.length > 0;
  }

  async setUpstreamConversationId(id: string, upstreamId: string): Promise<void> {
    await this.sql.query('update conversations set upstream_conversation_id = $2 where id = $1', [id, upstreamId]);
  }

  beginTurn(turn: Turn): Promise<void> {
    return this.turns.add(turn);
  }

  async showVersion(conversationId: string, messageId: string): Promise<Conversation | 'busy' | undefined> {
    // The leaf under the version: at each turn below it, the version chosen or made last,
    // so a branch shown again shows what it showed when it was left.
    const { rows } = await this.sql.query<{ leaf: string | null; busy: boolean }>(
      `with recursive down as (
         select m.id, 0 as depth from messages m where m.id = $2 and m.conversation_id = $1
         union all
         select c.id, d.depth + 1 from down d
         cross join lateral (select id from messages c where c.parent_id = d.id
                             order by greatest(c.shown_at, c.created_at) desc, c.seq desc limit 1) c),
       leaf as (select id from down order by depth desc limit 1),
       busy as (select exists (select 1 from messages where conversation_id = $1 and status = 'streaming') as busy),
       shown as (update conversations set leaf_id = (select id from leaf)
                 where id = $1 and kind = 'chat' and exists (select 1 from leaf) and not (select busy from busy) returning leaf_id),
       chosen as (update messages set shown_at = clock_timestamp() where id = $2 and exists (select 1 from shown))
       select (select leaf_id from shown) as leaf, (select busy from busy) as busy`,
      [conversationId, messageId],
    );
    if (!rows[0]?.leaf) return rows[0]?.busy && (await this.getMessage(conversationId, messageId)) ? 'busy' : undefined;
    const { rows: conversation } = await this.sql.query<ConversationRow>('select * from conversations where id = $1', [
      conversationId,
    ]);
    return conversation[0] ? this.withMessages(conversation[0]) : undefined;
  }

  /**
   * One statement, for the same reason as a new turn; the events go in only if the
   * reply is there. The search text is taken from the body inside the database: the
   * reply's text is not passed twice.
   */
  async saveReply(
    conversationId: string,
    messageId: string,
    reply: StoredReply,
    events?: PackedEvents,
    { ifStreaming = false } = {},
  ): Promise<void> {
    await this.sql.query(
      `with saved as (select $4::jsonb as body),
            reply as (update messages set status = $3, body = saved.body,
                search_text = coalesce(saved.body->>'text', '') || E'\n' || coalesce(saved.body->>'refusal', '')
                      from saved where id = $1 and conversation_id = $2 and (not $8 or status = 'streaming') returning id),
            touched as (${TOUCH('$2')}),
            events as (insert into reply_events (message_id, stream, spans, truncated)
                       select id, decode($5::text, 'base64'), $6, $7 from reply where $5::text is not null
                       on conflict (message_id) do update set items = null, stream = excluded.stream, spans = excluded.spans, truncated = excluded.truncated)
       select 1`,
      [
        messageId,
        conversationId,
        reply.status,
        storableJson(reply),
        events?.deflated ?? null,
        // spans is text, not jsonb: only this code reads it, and jsonb would parse it on every write.
        events ? JSON.stringify(events.spans) : null,
        events?.truncated ?? false,
        ifStreaming,
      ],
    );
  }

  async failReply(conversationId: string, messageId: string, message: string): Promise<void> {
    await this.sql.query(
      `with reply as (update messages set status = 'error',
                body = body || jsonb_build_object('status', 'error', 'error', jsonb_build_object('message', $3::text))
              where id = $1 and conversation_id = $2 returning id),
            touched as (${TOUCH('$2')})
       select 1`,
      [messageId, conversationId, storableText(message)],
    );
  }

  async replyEvents(conversationId: string | { ownerId: string }, messageId: string): Promise<StoredEvents | undefined> {
    const [conversation, owner] = typeof conversationId === 'string' ? [conversationId, null] : [null, conversationId.ownerId];
    const { rows } = await this.sql.query<{
      items: StoredEvents['items'] | null;
      stream: string | null;
      spans: string | null;
      truncated: boolean;
    }>(
      `select e.items, encode(e.stream, 'base64') as stream, e.spans, e.truncated from reply_events e join messages m on m.id = e.message_id
       where e.message_id = $1 and ($2::text is null or m.conversation_id = $2)
         and ($2::text is not null or not ${HIDDEN_BLIND('m.conversation_id')})
         and ($3::text is null or $3::text = '*' or exists (select 1 from conversations c where c.id = m.conversation_id and c.owner_id = $3))`,
      [messageId, conversation, owner],
    );
    const row = rows[0];
    if (!row) return undefined;
    if (row.stream === null) return { items: row.items ?? [], truncated: row.truncated };
    return readPackedEvents({ deflated: row.stream, spans: JSON.parse(row.spans ?? '[]') as number[], truncated: row.truncated });
  }

  async replyRecords(options: ({ limit: number } | { id: string }) & { ownerId: string }): Promise<ReplyRecord[]> {
    const id = 'id' in options ? options.id : null;
    // Message ids are UUIDv7, in the order they were made: newest first is the primary key read backwards.
    const { rows } = await this.sql.query<{
      id: string;
      conversation_id: string;
      title: string;
      provider: string | null;
      model: string | null;
      protocol: string | null;
      created_at: Date | string;
      replay_of: ReplayOf | null;
      pricing: ModelPricing | null;
    }>(
      `select m.id, m.conversation_id, c.title, m.body->>'provider' as provider, m.body->>'model' as model,
              m.body->>'protocol' as protocol, m.created_at, m.body->'replayOf' as replay_of, m.body->'pricing' as pricing
       from messages m join conversations c on c.id = m.conversation_id
       where m.role = 'assistant' and m.status <> 'streaming' and ($1::text is null or m.id = $1)
         and c.owner_id = $3
         and exists (select 1 from reply_events e where e.message_id = m.id)
         and not ${HIDDEN_BLIND('m.conversation_id')}
       order by m.id desc limit $2`,
      [id, 'limit' in options ? options.limit : 1, options.ownerId],
    );
    return rows.flatMap((r) =>
      r.provider && r.model && r.protocol
        ? [
            {
              id: r.id,
              conversationId: r.conversation_id,
              title: r.title,
              provider: r.provider,
              model: r.model,
              protocol: r.protocol,
              createdAt: iso(r.created_at),
              ...(r.replay_of ? { replayOf: r.replay_of } : {}),
              ...(r.pricing ? { pricing: r.pricing } : {}),
            },
          ]
        : [],
    );
  }

  async upstreamBody(messageId: string, ownerId: string): Promise<string | undefined> {
    const { rows } = await this.sql.query<{ upstream_body: string | null }>(
      `select upstream_body from messages m where id = $1 and role = 'assistant' and not ${HIDDEN_BLIND('m.conversation_id')}
         and exists (select 1 from conversations c where c.id = m.conversation_id and c.owner_id = $2)`,
      [messageId, ownerId],
    );
    return rows[0]?.upstream_body ?? undefined;
  }

  async settleInterrupted(message: string): Promise<number> {
    const { rows } = await this.sql.query<{ id: string }>(
      `update messages set status = 'error', body = body || jsonb_build_object('status', 'error', 'error', jsonb_build_object('message', $1::text))
       where status = 'streaming' returning id`,
      [message],
    );
    return rows.length;
  }

  close(): Promise<void> {
    return this.sql.close();
  }
}

const messageOf = (m: MessageRow) =>
  ({
    id: m.id,
    role: m.role,
    ...m.body,
    createdAt: iso(m.created_at),
    ...(m.versions && m.versions.length > 1 ? { versions: m.versions } : {}),
  }) as StoredMessage;
