import 'server-only';
import { textOf } from '@/lib/protocols/conversation';
import type { SqlClient, Statement } from './sql-client';
import { storableJson, storableText } from './storable';
import type { Turn } from './types';

/** A message as a row of `messages`, but for its place in the conversation. */
interface MessageRowInput {
  id: string;
  role: string;
  status: string | null;
  body: object;
  search: string;
  /** The reply's upstream body, when stored (see Turn). */
  upstream?: string;
}

/** The turn's rows in order: the messages sent, then the reply's placeholder. */
function turnRows({ messages, replyId, placeholder, upstreamBody }: Turn): MessageRowInput[] {
  return [
    ...messages.map(({ id, message }) => {
      const assistant = message.role === 'assistant';
      return {
        id,
        role: message.role,
        status: assistant ? 'complete' : null,
        body: assistant ? { content: message.content, status: 'complete' } : { content: message.content },
        search: textOf(message),
      };
    }),
    { id: replyId, role: 'assistant', status: placeholder.status, body: placeholder, search: '', upstream: upstreamBody },
  ];
}

function appendStatement(conversationId: string, row: MessageRowInput): Statement {
  return {
    sql: `insert into messages (id, conversation_id, seq, role, status, body, search_text, upstream_body)
          select $1, $2, coalesce(max(seq), 0) + 1, $3, $4, $5, $6, $7 from messages where conversation_id = $2`,
    params: [
      row.id,
      conversationId,
      row.role,
      row.status,
      storableJson(row.body),
      storableText(row.search),
      row.upstream === undefined ? null : storableText(row.upstream),
    ],
  };
}

/** A turn makes its conversation, and the compare session it is a pane of, the most recent. */
export const TOUCH = (id: string) =>
  `update conversations set updated_at = now() where id = ${id} or id = (select parent_id from conversations where id = ${id})`;
const touch = (conversationId: string): Statement => ({ sql: TOUCH('$1'), params: [conversationId] });

/**
 * Any number of new conversations' first turns, in one statement: each query costs the
 * embedded database CPU (docs/decisions.md: "One statement per new turn and per save",
 * "Turns written in groups"). New rows only, so nothing can interleave with them.
 */
function newTurns(turns: Turn[]): Statement {
  const json = turns.map((turn) => ({
    id: turn.conversationId,
    title: turn.newTitle,
    parent: turn.compare?.id ?? null,
    pane: turn.compare?.pane ?? null,
    rows: turnRows(turn),
  }));
  return {
    sql: `with turns as (select t from jsonb_array_elements($1::jsonb) as turns(t)),
               conversation as (insert into conversations (id, title, parent_id, pane)
                                select t->>'id', t->>'title', t->>'parent', (t->>'pane')::integer from turns returning id),
               session as (update conversations set updated_at = now() where id in (select t->>'parent' from turns)),
               turn as (insert into messages (id, conversation_id, seq, role, status, body, search_text, upstream_body)
                        select m->>'id', c.id, n, m->>'role', m->>'status', m->'body', m->>'search', m->>'upstream'
                        from conversation c join turns on t->>'id' = c.id,
                             jsonb_array_elements(t->'rows') with ordinality as rows(m, n))
          select 1`,
    params: [storableJson(json)],
  };
}

/** A turn of a conversation that exists: its rows appended after the last, contiguous. */
function nextTurn(turn: Turn): Statement[] {
  const { conversationId, replaceFrom } = turn;
  const statements: Statement[] = [
    // Two tabs on one conversation take turns here, so each turn's rows stay contiguous.
    { sql: 'select 1 from conversations where id = $1 for update', params: [conversationId] },
  ];
  if (replaceFrom !== undefined)
    statements.push({
      sql: 'delete from messages where conversation_id = $1 and seq > $2',
      params: [conversationId, replaceFrom],
    });
  statements.push(...turnRows(turn).map((row) => appendStatement(conversationId, row)), touch(conversationId));
  return statements;
}

/** Writes turns, in order, all or none: new conversations' in one statement, then the others'. */
export async function writeTurns(sql: SqlClient, turns: Turn[]): Promise<void> {
  const created = turns.filter((turn) => turn.newTitle !== undefined);
  const continued = turns.filter((turn) => turn.newTitle === undefined).flatMap(nextTurn);
  const statements = [...(created.length > 0 ? [newTurns(created)] : []), ...continued];
  if (statements.length === 1) await sql.query(statements[0]!.sql, statements[0]!.params);
  else await sql.batch(statements);
}
