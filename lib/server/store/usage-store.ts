import 'server-only';
import type { UsageFigures, UserUsage } from '@/lib/api/tokens';
import type { SqlClient } from '@/lib/server/database/sql-client';

type Row = {
  id: string;
  email: string | null;
  name: string | null;
  admin: boolean;
  replies: string | number;
  reply_in: string | number;
  reply_out: string | number;
  reply_usd: string | number;
  captures: string | number;
  capture_in: string | number;
  capture_out: string | number;
  capture_usd: string | number;
};

const figures = (
  count: string | number,
  input: string | number,
  output: string | number,
  usd: string | number,
): UsageFigures => ({
  count: Number(count),
  inputTokens: Number(input),
  outputTokens: Number(output),
  usd: Number(usd),
});

/** A number in a JSON document, summed; 0 when absent. */
const sum = (path: string) => `coalesce(sum((${path})::numeric), 0)`;

/**
 * Usage totals per user for admins: counts, tokens and cost summed from what each reply
 * and each proxy exchange stored of its usage, never a word of what was written. Replies
 * are the assistant messages of the user's conversations (chat and compare panes alike).
 */
export class UsageStore {
  constructor(private readonly sql: SqlClient) {}

  async perUser(): Promise<UserUsage[]> {
    const { rows } = await this.sql.query<Row>(
      `with replies as (
         select c.owner_id, count(*) as replies,
                ${sum(`m.body->'usage'->>'inputTokens'`)} as reply_in,
                ${sum(`m.body->'usage'->>'outputTokens'`)} as reply_out,
                ${sum(`m.body->'cost'->>'usd'`)} as reply_usd
         from messages m join conversations c on c.id = m.conversation_id
         where m.role = 'assistant' and m.body ? 'provider'
         group by c.owner_id
       ), captured as (
         select owner_id, count(*) as captures,
                ${sum(`summary->'usage'->>'inputTokens'`)} as capture_in,
                ${sum(`summary->'usage'->>'outputTokens'`)} as capture_out,
                ${sum(`summary->'cost'->>'usd'`)} as capture_usd
         from captures group by owner_id
       )
       select u.id, u.email, u.name, u.admin,
              coalesce(r.replies, 0) as replies, coalesce(r.reply_in, 0) as reply_in,
              coalesce(r.reply_out, 0) as reply_out, coalesce(r.reply_usd, 0) as reply_usd,
              coalesce(k.captures, 0) as captures, coalesce(k.capture_in, 0) as capture_in,
              coalesce(k.capture_out, 0) as capture_out, coalesce(k.capture_usd, 0) as capture_usd
       from users u left join replies r on r.owner_id = u.id left join captured k on k.owner_id = u.id
       order by coalesce(u.email, u.name, u.id)`,
    );
    return rows.map((row) => ({
      id: row.id,
      ...(row.email ? { email: row.email } : {}),
      ...(row.name ? { name: row.name } : {}),
      admin: row.admin,
      replies: figures(row.replies, row.reply_in, row.reply_out, row.reply_usd),
      captures: figures(row.captures, row.capture_in, row.capture_out, row.capture_usd),
    }));
  }
}
