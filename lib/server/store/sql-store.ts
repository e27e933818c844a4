import type { ChatMessage } from '@/lib/protocols/conversation';
import type { Conversation, ConversationStore, ConversationSummary, StoredMessage, StoredReply } from './types';

/** The little SQL surface both PGlite and node-postgres offer. */
export interface SqlClient {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
  close(): Promise<void>;
}

const MIGRATIONS: string[] = [
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
];

/** Runs the migrations not yet applied, in order, each in its own transaction. */
export async function migrate(sql: SqlClient): Promise<void> {
  await sql.exec('create table if not exists schema_migrations (version integer primary key, applied_at timestamptz not null default now())');
  const { rows } = await sql.query<{ version: number }>('select version from schema_migrations');
  const applied = new Set(rows.map((r) => Number(r.version)));
  for (const [index, migration] of MIGRATIONS.entries()) {
    const version = index + 1;
    if (applied.has(version)) continue;
    await sql.exec(`begin; ${migration}; insert into schema_migrations (version) values (${version}); commit;`);
  }
}

type ConversationRow = { id: string; title: string; created_at: Date | string; updated_at: Date | string; upstream_conversation_id: string | null };
type MessageRow = { id: string; role: string; body: Record<string, unknown>; created_at: Date | string };

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const summary = (r: ConversationRow): ConversationSummary => ({
  id: r.id,
  title: r.title,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  ...(r.upstream_conversation_id ? { upstreamConversationId: r.upstream_conversation_id } : {}),
});

/** One query layer over any PostgreSQL: PGlite embedded, or a server through `pg`. */
export class SqlConversationStore implements ConversationStore {
  constructor(private readonly sql: SqlClient) {}

  async createConversation({ id, title }: { id: string; title: string }): Promise<void> {
    await this.sql.query('insert into conversations (id, title) values ($1, $2)', [id, title]);
  }

  async conversationExists(id: string): Promise<boolean> {
    const { rows } = await this.sql.query('select 1 from conversations where id = $1', [id]);
    return rows.length > 0;
  }

  async listConversations(): Promise<ConversationSummary[]> {
    const { rows } = await this.sql.query<ConversationRow>('select * from conversations order by updated_at desc, id desc');
    return rows.map(summary);
  }

  async getConversation(id: string): Promise<Conversation | undefined> {
    const { rows } = await this.sql.query<ConversationRow>('select * from conversations where id = $1', [id]);
    if (rows.length === 0) return undefined;
    const messages = await this.sql.query<MessageRow>('select id, role, body, created_at from messages where conversation_id = $1 order by seq', [id]);
    return {
      ...summary(rows[0]!),
      messages: messages.rows.map((m) => ({ id: m.id, role: m.role, ...m.body, createdAt: iso(m.created_at) }) as StoredMessage),
    };
  }

  async deleteConversation(id: string): Promise<boolean> {
    const { rows } = await this.sql.query('delete from conversations where id = $1 returning id', [id]);
    return rows.length > 0;
  }

  async setUpstreamConversationId(id: string, upstreamId: string): Promise<void> {
    await this.sql.query('update conversations set upstream_conversation_id = $2 where id = $1', [id, upstreamId]);
  }

  async appendMessages(conversationId: string, messages: { id: string; message: ChatMessage }[]): Promise<void> {
    for (const { id, message } of messages) {
      const body = message.role === 'assistant' ? { content: message.content, status: 'complete' } : { content: message.content };
      await this.insert(conversationId, id, message.role, message.role === 'assistant' ? 'complete' : null, body);
    }
  }

  async saveReply(conversationId: string, messageId: string, reply: StoredReply): Promise<void> {
    const { rows } = await this.sql.query('update messages set status = $2, body = $3 where id = $1 returning id', [messageId, reply.status, JSON.stringify(reply)]);
    if (rows.length === 0) await this.insert(conversationId, messageId, 'assistant', reply.status, reply);
    await this.touch(conversationId);
  }

  close(): Promise<void> {
    return this.sql.close();
  }

  /** Appends at the next position; the position is computed in the insert itself, so two writers never share one. */
  private async insert(conversationId: string, id: string, role: string, status: string | null, body: object): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.sql.query(
          `insert into messages (id, conversation_id, seq, role, status, body)
           select $1, $2, coalesce(max(seq), 0) + 1, $3, $4, $5 from messages where conversation_id = $2`,
          [id, conversationId, role, status, JSON.stringify(body)],
        );
        await this.touch(conversationId);
        return;
      } catch (error) {
        // Two tabs appending at once: the unique (conversation_id, seq) makes one retry.
        if (attempt >= 5 || !/unique|duplicate/i.test(String(error))) throw error;
      }
    }
  }

  private async touch(conversationId: string): Promise<void> {
    await this.sql.query('update conversations set updated_at = now() where id = $1', [conversationId]);
  }
}
