import 'server-only';
import type { SqlClient, Statement } from '@/lib/server/database/sql-client';
import { ANCHOR, INSERT_TURN, PATH, turnRows } from './message-tree';
import { storableJson } from '@/lib/server/database/storable';
import type { Turn } from './types';

/** A turn makes its conversation, and the compare session it is a pane of, the most recent. */
export const TOUCH = (id: string) =>
  `update conversations set updated_at = now() where id = ${id} or id = (select parent_id from conversations where id = ${id})`;

/**
 * Any number of new conversations' first turns, in one statement: each query costs the
 * embedded database CPU (docs/decisions.md: "One statement per new turn and per save",
 * "Turns written in groups"). New rows only, so nothing can interleave with them. Each
 * turn's rows are a chain from the root, its reply the conversation's leaf.
 */
function newTurns(turns: Turn[]): Statement {
  const json = turns.map((turn) => ({
    id: turn.conversationId,
    title: turn.newTitle,
    owner: turn.ownerId,
    parent: turn.compare?.id ?? null,
    pane: turn.compare?.pane ?? null,
    leaf: turn.replyId,
    rows: turnRows(turn),
  }));
  return {
    sql: `with turns as (select t from jsonb_array_elements($1::jsonb) as turns(t)),
               conversation as (insert into conversations (id, title, parent_id, pane, leaf_id, owner_id)
                                select t->>'id', t->>'title', t->>'parent', (t->>'pane')::integer, t->>'leaf', t->>'owner' from turns returning id),
               session as (update conversations set updated_at = now() where id in (select t->>'parent' from turns)),
               turn as (insert into messages (id, conversation_id, seq, parent_id, role, status, body, search_text, upstream_body)
                        select m->>'id', c.id, n, m->>'parent', m->>'role', m->>'status', m->'body', m->>'search', m->>'upstream'
                        from conversation c join turns on t->>'id' = c.id,
                             jsonb_array_elements(t->'rows') with ordinality as rows(m, n))
          select 1`,
    params: [storableJson(json)],
  };
}

/**
 * A turn of a conversation that exists: its rows after the leaf, or, for a regenerate or
 * an edit, beside the versions they replace (nothing is dropped); the reply becomes the
 * leaf, so the conversation shows it.
 */
function nextTurn(turn: Turn): Statement[] {
  const { conversationId, replaceFrom } = turn;
  return [
    // Two tabs on one conversation take turns here, so each turn's rows stay contiguous.
    { sql: 'select 1 from conversations where id = $1 for update', params: [conversationId] },
    {
      sql: `with recursive ${PATH}, turn as (${INSERT_TURN('$1', `(${ANCHOR})`)})
            update conversations set updated_at = now(), leaf_id = case when id = $1 then $4 else leaf_id end
            where id = $1 or id = (select parent_id from conversations where id = $1)`,
      params: [conversationId, storableJson(turnRows(turn)), replaceFrom ?? null, turn.replyId],
    },
  ];
}

/** Writes turns, in order, all or none: new conversations' in one statement, then the others'. */
export async function writeTurns(sql: SqlClient, turns: Turn[]): Promise<void> {
  const created = turns.filter((turn) => turn.newTitle !== undefined);
  const continued = turns.filter((turn) => turn.newTitle === undefined).flatMap(nextTurn);
  const statements = [...(created.length > 0 ? [newTurns(created)] : []), ...continued];
  if (statements.length === 1) await sql.query(statements[0]!.sql, statements[0]!.params);
  else await sql.batch(statements);
}
