/** The schema, one migration at a time: each runs once, in order, in its own transaction, on PGlite and PostgreSQL alike. */
import 'server-only';
import type { SqlClient } from './sql-client';

export const MIGRATIONS: string[] = [
  `create table conversations (
     id text primary key,
     title text not null,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     upstream_conversation_id text
   );
   create table messages (
     id text primary key,
     conversation_id text not null references conversations(id) on delete cascade,
     seq integer not null,
     role text not null,
     status text,
     body jsonb not null,
     created_at timestamptz not null default now(),
     unique (conversation_id, seq)
   );
   create index messages_by_conversation on messages (conversation_id, seq);`,
  // Search reads plain text, not JSON with its escapes.
  `alter table messages add column search_text text not null default '';
   update messages set search_text = coalesce(body->>'text', body->>'content', '');
   create index conversations_by_activity on conversations (updated_at desc, id desc);`,
  // The raw stream of each reply, apart from the message, read only by the event log.
  `create table reply_events (
     message_id text primary key references messages(id) on delete cascade,
     items jsonb not null,
     truncated boolean not null default false
   );`,
  // Compare sessions are conversations too; each pane is a conversation under one.
  `alter table conversations add column kind text not null default 'chat';
   alter table conversations add column parent_id text references conversations(id) on delete cascade;
   alter table conversations add column pane integer;
   create index conversations_by_parent on conversations (parent_id, pane);`,
  // Event logs are written packed (see PackedEvents): the text deflated, and one list
  // of numbers. Logs written before stay as items and are read as they are.
  `alter table reply_events alter column items drop not null;
   alter table reply_events add column stream bytea;
   alter table reply_events add column spans text;`,
  // A reply's upstream request body, when too long for its upstream marker (8 KiB):
  // read only by the event log's "Upstream request" and "Copy as curl".
  `alter table messages add column upstream_body text;`,
  // The recording proxy's captures (lib/server/store/capture-store.ts): each write takes the next
  // change number, which the live feed follows across instances.
  `create sequence capture_changes;
   create table captures (
     id text primary key,
     seq bigserial,
     changed bigint not null,
     started_at timestamptz not null,
     provider text not null,
     method text not null,
     path text not null,
     model text,
     status text not null,
     summary jsonb not null,
     request jsonb not null,
     response jsonb,
     body jsonb,
     reply jsonb,
     events_stream bytea,
     events_spans text,
     events_truncated boolean,
     chunks jsonb,
     search_text text not null default ''
   );
   create index captures_by_seq on captures (seq desc);
   create index captures_by_change on captures (changed);`,
  // A capture's long columns are stored as they are, not compressed: PGlite compressed
  // each in WebAssembly, most of a capture's write. Its chunk timeline is text, not
  // jsonb, which only the page reads, whole (docs/decisions.md: "Captures read in the proxy's lulls").
  `alter table captures alter column chunks type text using chunks::text;
   alter table captures alter column chunks set storage external;
   alter table captures alter column events_spans set storage external;
   alter table captures alter column reply set storage external;
   alter table captures alter column search_text set storage external;`,
  // Blind votes (issue 38): one row per judged race, the panes (who they were, what they
  // answered, their figures) as one document; kept when its compare session is deleted.
  // seq orders votes cast in one clock tick (PGlite's now() may not tell them apart).
  `create table votes (
     id text primary key,
     seq bigserial,
     created_at timestamptz not null default now(),
     compare_id text references conversations(id) on delete set null,
     prompt text not null,
     verdict text not null,
     winner text,
     blind boolean not null,
     non_blind_reason text,
     panes jsonb not null,
     search_text text not null default ''
   );
   create index votes_by_time on votes (created_at);`,
  // Blind races (issue 38, blind mode in compare): a session's seats (which model each
  // label hides, drawn by the server) and, once cast, its vote, which reveals them.
  `alter table conversations add column blind jsonb;`,
  // Versions (issue 38): a conversation is a tree of messages, each under the one it
  // follows, and shows the path to its leaf. A regenerated reply or an edited message is
  // a sibling of the one it replaces, which stays; shown_at: when a version was last
  // chosen. No foreign key on parent_id: a turn's rows are written in one statement on
  // the hot path, and its check would cost each row a lookup; rows go only with their
  // conversation. The index on parent_id finds a message's versions below it when a
  // version is shown (without it, showing the first turn's of 1,000 messages took 0.5 s).
  // Existing rows: each message under the one before it, the last one the leaf.
  `alter table messages add column parent_id text;
   alter table messages add column shown_at timestamptz;
   create index messages_by_parent on messages (parent_id);
   alter table conversations add column leaf_id text;
   update messages m set parent_id = p.previous
   from (select id, lag(id) over (partition by conversation_id order by seq) as previous from messages) p
   where p.id = m.id and p.previous is not null;
   update conversations c set leaf_id = (select m.id from messages m where m.conversation_id = c.id order by m.seq desc limit 1);`,
  // Teams (issue 40): who signed in (one row per issuer and subject; `local` is the one
  // user of a Sluice without sign-in), and the owner of everything. Rows from before
  // sign-in stay `local`'s until the first admin signs in and takes them (users.ts).
  // The owner leads the list's index: a list reads one user's rows, newest first.
  `create table users (
     id text primary key,
     issuer text not null,
     subject text not null,
     email text,
     name text,
     admin boolean not null default false,
     created_at timestamptz not null default now(),
     seen_at timestamptz not null default now(),
     unique (issuer, subject)
   );
   insert into users (id, issuer, subject, admin) values ('local', 'none', 'local', true);
   alter table conversations add column owner_id text not null default 'local';
   create index conversations_by_owner on conversations (owner_id, updated_at desc, id desc);
   alter table captures add column owner_id text not null default 'local';
   alter table votes add column owner_id text not null default 'local';`,
  // Shares (issue 40, point 4): an immutable snapshot behind a random link. Only the
  // token's SHA-256 is kept (the link is shown once); a revoked share keeps its row, so its
  // owner's list says so, but its page is the same 404 as a link that never existed.
  `create table shares (
     id text primary key,
     token_hash text not null unique,
     owner_id text not null,
     kind text not null,
     title text not null,
     snapshot jsonb not null,
     created_at timestamptz not null default now(),
     expires_at timestamptz,
     signed_in_only boolean not null default false,
     revoked_at timestamptz
   );
   create index shares_by_owner on shares (owner_id, created_at desc);`,
  // Sign-in (issue 40, SLUICE_AUTH=oidc): one row per signed-in browser. The id is the
  // SHA-256 of the cookie's random value, so a copy of the table signs nobody in; a
  // session ends at expires_at, at sign-out, or with its user.
  `create table sessions (
     id text primary key,
     user_id text not null references users(id) on delete cascade,
     created_at timestamptz not null default now(),
     expires_at timestamptz not null
   );
   create index sessions_by_expiry on sessions (expires_at);`,
  // Personal tokens (issue 40): a user's named keys for the recording proxy and the API.
  // Only each token's SHA-256 is kept; a request finds its token by it. A revoked one
  // stays (revoked_at) so its last use is still known; lists show only live ones.
  `create table tokens (
     id text primary key,
     owner_id text not null,
     name text not null,
     hash text not null unique,
     created_at timestamptz not null default now(),
     last_used_at timestamptz,
     revoked_at timestamptz
   );
   create index tokens_by_owner on tokens (owner_id, created_at desc);`,
  // Agent runs (issue 49): the proxied requests of one task. A run named by its app (a
  // header, a base URL's path, `npm run with`) is found again by its key; one found by
  // continuity has none. A capture keeps its run, its lane (0 the main line, each subagent
  // its own), the capture its branch began under, and what continuity needs to find it
  // again: the hash of its whole prompt, of its first user message, and the run's rows of
  // one owner by time. `context`: its prompt's tokens by part, counted once as it ended.
  `create table runs (
     id text primary key,
     owner_id text not null,
     key text,
     name text not null,
     source text not null,
     started_at timestamptz not null
   );
   create unique index runs_by_key on runs (owner_id, key);
   create index runs_by_owner on runs (owner_id, started_at desc, id desc);
   alter table captures add column run_id text;
   alter table captures add column run_lane integer;
   alter table captures add column run_parent text;
   alter table captures add column prompt_full text;
   alter table captures add column prompt_anchor text;
   alter table captures add column context jsonb;
   create index captures_by_run on captures (run_id, started_at);
   create index captures_by_owner_time on captures (owner_id, started_at desc);`,
  // A run's requests stored once (issue 51; lib/server/store/body-blocks.ts): a request's
  // body is cut into content-defined blocks (lib/text-blocks.ts), each stored once under
  // its SHA-256, and the capture names its blocks in order. A request that resends the
  // run so far adds only its new blocks. `seam`: the characters that came before the block
  // where it was first stored, for search (a phrase across a cut). The index finds the
  // captures of a block: whether one is still used, and search. Captures written before
  // keep their body inline (request_blocks null), and are read as they are.
  `create table body_blocks (
     hash bytea primary key,
     text text not null,
     seam text not null default ''
   );
   alter table captures add column request_blocks bytea[];
   alter table captures alter column request_blocks set storage external;
   create index captures_by_block on captures using gin (request_blocks) with (fastupdate = off);`,
  // What a related request shares with a capture's (lib/server/proxy/runs/prompt-digest.ts):
  // its tools' names, system prompt and first user message, hashed. A request joins an
  // active run as a subagent only when it shares one (issue 50): unrelated apps sending in
  // the same minute no longer merge. Captures written before have none, and adopt none.
  `alter table captures add column prompt_kin text[];`,
  // A conversation forked from a share (issue 50): the share's title and when it was
  // shared, so the copy says it is one (ForkedFrom in lib/api/conversations.ts).
  `alter table conversations add column forked_from jsonb;`,
];

/**
 * Runs the migrations not yet applied, in order, each in its own transaction; `through`
 * stops early (tests build old databases). Instances starting together on one database
 * take turns: the first applies them, the others find them applied.
 */
export function migrate(sql: SqlClient, through = MIGRATIONS.length): Promise<void> {
  return sql.alone(async (db) => {
    await db.exec(
      'create table if not exists schema_migrations (version integer primary key, applied_at timestamptz not null default now())',
    );
    const { rows } = await db.query<{ version: number }>('select version from schema_migrations');
    const applied = new Set(rows.map((r) => Number(r.version)));
    for (const [index, migration] of MIGRATIONS.entries()) {
      const version = index + 1;
      if (applied.has(version) || version > through) continue;
      await db.exec(`begin; ${migration}; insert into schema_migrations (version) values (${version}); commit;`);
    }
  });
}
