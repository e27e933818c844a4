import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { SqlClient } from '@/lib/server/database/sql-client';
import type { Identity } from './user-store';

/** How long a sign-in lasts: then the browser signs in again (at the provider, often without a prompt). */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The cookie's value: 256 random bits, base64url. */
const newToken = () => randomBytes(32).toString('base64url');

/** The row's id: the token's hash, so the table alone cannot be replayed as cookies. */
const idOf = (token: string) => createHash('sha256').update(token).digest('base64url');

type Row = { issuer: string; subject: string; email: string | null; name: string | null };

/** Sluice's own sign-ins (SLUICE_AUTH=oidc): a row per signed-in browser, found by its cookie. */
export class SessionStore {
  constructor(private readonly sql: SqlClient) {}

  /** A new session for `userId`; the token is for the cookie, and is stored only as its hash. Ended sessions are swept here. */
  async open(userId: string, lifetimeMs = SESSION_LIFETIME_MS): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + lifetimeMs);
    await this.sql.batch([
      { sql: 'delete from sessions where expires_at <= now()' },
      {
        sql: 'insert into sessions (id, user_id, expires_at) values ($1, $2, $3)',
        params: [idOf(token), userId, expiresAt.toISOString()],
      },
    ]);
    return { token, expiresAt };
  }

  /** Who a cookie's token signs in, while its session lasts; undefined for an unknown, ended or expired one. */
  async identityOf(token: string): Promise<Identity | undefined> {
    const { rows } = await this.sql.query<Row>(
      `select u.issuer, u.subject, u.email, u.name from sessions s join users u on u.id = s.user_id
       where s.id = $1 and s.expires_at > now()`,
      [idOf(token)],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      issuer: row.issuer,
      subject: row.subject,
      ...(row.email ? { email: row.email } : {}),
      ...(row.name ? { name: row.name } : {}),
    };
  }

  /** Sign-out: the session ends at once, on every instance. */
  async close(token: string): Promise<void> {
    await this.sql.query('delete from sessions where id = $1', [idOf(token)]);
  }
}
