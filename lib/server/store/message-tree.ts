import 'server-only';
import { textOf } from '@/lib/protocols/conversation';
import type { Turn } from './types';

/*
 * A conversation is a tree of messages (`parent_id`) showing the path to its leaf
 * (`conversations.leaf_id`): the SQL and rows both its readers (sql-store.ts) and its
 * turn writes (turn-writes.ts) share. docs/decisions.md: "A message tree with a leaf".
 */

/** A message as a row of `messages`, but for its place in the conversation. */
export interface MessageRowInput {
  id: string;
  role: string;
  status: string | null;
  body: object;
  search: string;
  /** The reply's upstream body, when stored (see Turn). */
  upstream?: string;
}

/** The turn's rows in order: the messages sent, then the reply's placeholder; each under the one before it. */
export function turnRows({ messages, replyId, placeholder, upstreamBody }: Turn): (MessageRowInput & { parent?: string })[] {
  const rows: MessageRowInput[] = [
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
  return rows.map((row, i) => (i > 0 ? { ...row, parent: rows[i - 1]!.id } : row));
}

/**
 * The message a conversation shows last (`c` its row): its leaf, or, for a row written
 * before there were leaves, its last message.
 */
export const LEAF = `coalesce(c.leaf_id, (select l.id from messages l where l.conversation_id = c.id order by l.seq desc limit 1))`;

/**
 * The messages shown of conversation $1, from its leaf up: `path` (id, depth from the
 * leaf). Each step is one primary-key lookup: a lateral subquery with a limit, which the
 * planner cannot make a join of. As a join it hashed the conversation's messages (or
 * the table) at every step: a 1,000-message read took 470 ms.
 */
export const PATH = `path as (
   select m.id, m.parent_id, 0 as depth from messages m where m.id = (select ${LEAF} from conversations c where c.id = $1)
   union all
   select m.id, m.parent_id, p.depth + 1 from path p
   cross join lateral (select id, parent_id from messages where id = p.parent_id limit 1) m)`;

/**
 * Where a turn of conversation $1 goes ($3: its replaceFrom): after the leaf; or, for a
 * regenerate or an edit, under the message before that position on the path shown (at
 * the root for position 0), beside the versions already there.
 */
export const ANCHOR = `case when $3::int is null then (select ${LEAF} from conversations c where c.id = $1)
                     when $3::int = 0 then null
                     else (select id from path order by depth desc limit 1
                           offset greatest(least($3::int, (select count(*) from path)::int) - 1, 0)) end`;

/** Inserts the rows of turn $2 (JSON, from turnRows) into conversation $1 after its last seq, the first under `anchor`. */
export const INSERT_TURN = (conversation: string, anchor: string) =>
  `insert into messages (id, conversation_id, seq, parent_id, role, status, body, search_text, upstream_body)
   select m->>'id', ${conversation}, (select coalesce(max(seq), 0) from messages where conversation_id = ${conversation}) + n,
          case when n = 1 then ${anchor} else m->>'parent' end, m->>'role', m->>'status', m->'body', m->>'search', m->>'upstream'
   from jsonb_array_elements($2::jsonb) with ordinality as rows(m, n)`;
