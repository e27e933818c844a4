import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { TokenSummary } from '@/lib/api/tokens';
import type { User } from '@/lib/api/users';
import { uuidv7 } from '@/lib/server/platform/ids';
import type { SqlClient } from '@/lib/server/database/sql-client';

/** What every personal token starts with: a credential in any form with it is Sluice's, never a provider's. */
export const TOKEN_PREFIX = 'sluice_';
/** A new token: the prefix and 256 random bits, base64url. */
export function newToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256 (a token is random, so no salt or slow hash is needed). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type Row = { id: string; name: string; created_at: Date | string; last_used_at: Date | string | null };
type HolderRow = {
  token_id: string;
  owner_id: string;
  id: string | null;
  email: string | null;
  name: string | null;
  admin: boolean | null;
};

/** The one user of a Sluice without sign-in (current-user.ts's LOCAL_USER). */
const LOCAL_USER_ID = 'local';

const iso = (value: Date | string) => new Date(value).toISOString();
const summaryOf = (row: Row): TokenSummary => ({
  id: row.id,
  name: row.name,
  createdAt: iso(row.created_at),
  ...(row.last_used_at ? { lastUsedAt: iso(row.last_used_at) } : {}),
});

/** A live token's owner, as a request carrying it is answered. */
export interface TokenHolder {
  tokenId: string;
  user: User;
}

/** Users' personal tokens, by the hash of each: the token itself is shown once and kept nowhere. */
export class TokenStore {
  constructor(private readonly sql: SqlClient) {}

  /** A new token for `ownerId`: its summary, and the token, this once. */
  async create(ownerId: string, name: string): Promise<TokenSummary & { token: string }> {
    const token = newToken();
    const { rows } = await this.sql.query<Row>(
      `insert into tokens (id, owner_id, name, hash) values ($1, $2, $3, $4)
       returning id, name, created_at, last_used_at`,
      [uuidv7(), ownerId, name, tokenHash(token)],
    );
    return { ...summaryOf(rows[0]!), token };
  }

  /** The owner's live tokens, newest first. */
  async list(ownerId: string): Promise<TokenSummary[]> {
    const { rows } = await this.sql.query<Row>(
      `select id, name, created_at, last_used_at from tokens
       where owner_id = $1 and revoked_at is null order by created_at desc, id desc`,
      [ownerId],
    );
    return rows.map(summaryOf);
  }

  /** Revokes the owner's token; false when they have no such live token (another's is not theirs to know of). */
  async revoke(ownerId: string, id: string): Promise<boolean> {
    const { rows } = await this.sql.query(
      `update tokens set revoked_at = now() where id = $1 and owner_id = $2 and revoked_at is null returning id`,
      [id, ownerId],
    );
    return rows.length > 0;
  }

  /** The user a live token is theirs, by its hash; undefined for an unknown or revoked one. */
  async holder(hash: string): Promise<TokenHolder | undefined> {
    const { rows } = await this.sql.query<HolderRow>(
      `select t.id as token_id, t.owner_id, u.id, u.email, u.name, u.admin
       from tokens t left join users u on u.id = t.owner_id
       where t.hash = $1 and t.revoked_at is null`,
      [hash],
    );
    const row = rows[0];
    // `local` has no row once an admin took its work (users.ts); without sign-in it is still who asks.
    if (!row || (row.id === null && row.owner_id !== LOCAL_USER_ID)) return undefined;
    if (row.id === null) return { tokenId: row.token_id, user: { id: LOCAL_USER_ID, admin: true } };
    const { id, email, name, admin } = row;
    return { tokenId: row.token_id, user: { id, ...(email ? { email } : {}), ...(name ? { name } : {}), admin: admin === true } };
  }

  /** Marks tokens used now. */
  async used(ids: string[]): Promise<void> {
    if (ids.length) await this.sql.query(`update tokens set last_used_at = now() where id = any($1::text[])`, [ids]);
  }
}
