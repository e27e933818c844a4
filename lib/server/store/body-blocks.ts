import 'server-only';
import { createHash } from 'node:crypto';
import { splitText } from '@/lib/text-blocks';
import type { Statement } from '@/lib/server/database/sql-client';

/**
 * Request bodies stored as content-addressed blocks (migration "A run's requests stored
 * once"): an agent's 200 requests of 150 KB resend the same context 200 times; cut into
 * blocks where the text says (lib/text-blocks.ts), each block is stored once, and a
 * capture keeps only the list of its blocks' hashes (`captures.request_blocks`). Reading
 * a capture joins its blocks back: the body is the same text, character for character.
 *
 * A block no capture names any more is deleted with the last capture that named it, in
 * the same statement (`sweptWith`). That delete and a new capture's insert of the same
 * block never cross: each insert holds a shared advisory lock for its transaction, each
 * sweep the exclusive one, so a sweep sees every capture written before it, and an insert
 * after it stores its blocks anew (docs/decisions.md: "A run's requests stored once").
 */

/** The characters before a block kept beside it: a phrase of up to this many + 1 across a cut is found by search. */
const SEAM_CHARS = 63;

/** Held by inserts (shared) and sweeps (exclusive), for their transaction. */
const BLOCKS_LOCK = 0x626c6f636b73;
export const insertLock: Statement = { sql: 'select pg_advisory_xact_lock_shared($1)', params: [BLOCKS_LOCK] };
export const sweepLock: Statement = { sql: 'select pg_advisory_xact_lock($1)', params: [BLOCKS_LOCK] };

export interface Block {
  /** SHA-256 of the owner and the text, in hex. */
  hash: string;
  text: string;
  seam: string;
}

/**
 * A text's blocks, hashed. The hash is keyed with the owner: two users' captures never
 * share a block, so nothing one stores can tell anything of what another stored.
 */
export function blocksOf(owner: string, text: string): Block[] {
  const pieces = splitText(text);
  return pieces.map((piece, i) => ({
    hash: createHash('sha256').update(owner).update('\n').update(piece).digest('hex'),
    text: piece,
    seam: i === 0 ? '' : pieces[i - 1]!.slice(-SEAM_CHARS),
  }));
}

/** The statement that stores these blocks, each once (one already stored is left as it is). */
export function storeBlocks(blocks: Block[]): Statement {
  const unique = [...new Map(blocks.map((b) => [b.hash, b])).values()];
  return {
    sql: `insert into body_blocks (hash, text, seam)
          select decode(b.hash, 'hex'), b.text, b.seam from unnest($1::text[], $2::text[], $3::text[]) as b(hash, text, seam)
          on conflict (hash) do nothing`,
    params: [unique.map((b) => b.hash), unique.map((b) => b.text), unique.map((b) => b.seam)],
  };
}

/** SQL of a bytea[] of the blocks named, in order, by the text[] parameter `param` (hex hashes). */
export const hashList = (param: string) =>
  `array(select decode(h.hash, 'hex') from unnest(${param}::text[]) with ordinality as h(hash, n) order by h.n)`;

/**
 * SQL of the text of the capture row `alias` from its blocks: null when it has no blocks
 * (written before them: its text is inline), or when one is missing.
 */
export const blockedText = (alias: string) =>
  `(select case when count(b.hash) = cardinality(${alias}.request_blocks)
                then coalesce(string_agg(b.text, '' order by u.n), '') end
    from unnest(${alias}.request_blocks) with ordinality as u(hash, n) left join body_blocks b on b.hash = u.hash)`;

/**
 * SQL: whether the capture row `alias` names a block whose text (with its seam) is like
 * `param`. Worked out once for the query, not per row: the blocks that match, as a hashed
 * set, then the captures naming one of them (each list read once). Per row, the planner
 * joined every block again; and `&&` with the matching blocks' array compares each hash
 * with each (other owners' blocks match too).
 */
export const blocksLike = (alias: string, param: string) =>
  `${alias}.id in (select named.id from captures named, unnest(named.request_blocks) as block(hash)
                   where block.hash in (select hash from body_blocks where (seam || text) ilike ${param}))`;

/**
 * The request body's text of a row read with `blockedText` as `blocked_text` (and
 * `request_blocks is not null` as `blocked`), or its inline text. A block missing is a
 * broken store, said so, never a body read short.
 */
export function requestText(row: { blocked: boolean; blocked_text: string | null }, inline: string | undefined, id: string) {
  if (!row.blocked) return inline ?? '';
  if (row.blocked_text === null) throw new Error(`Capture ${id}'s request body is missing a block.`);
  return row.blocked_text;
}

/**
 * A CTE (after `with gone as (delete from captures … returning id, request_blocks)`) that
 * deletes the blocks the deleted captures named that no other capture names. Every part
 * of one statement reads the database as it was before it: the deleted captures still
 * show, and are left out by id.
 */
export const sweptWith = (gone: string) =>
  `swept as (
     delete from body_blocks b
     where b.hash in (select unnest(request_blocks) from ${gone} where request_blocks is not null)
       and not exists (select 1 from captures c where c.request_blocks @> array[b.hash] and c.id not in (select id from ${gone}))
     returning b.hash
   )`;
