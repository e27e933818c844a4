import 'server-only';
import type { User } from '@/lib/api/users';
import { uuidv7 } from '@/lib/server/platform/ids';
import type { SqlClient } from '@/lib/server/database/sql-client';

/** Who a request comes from, as the sign-in (a proxy's assertion or headers, or Sluice's own OIDC session) says. */
export interface Identity {
  /** Stable for one person: the issuer's `sub` (or the proxy's user header), never an email that can change hands. */
  subject: string;
  /** Where the subject comes from (a JWT's issuer, `proxy-header`, an OIDC issuer): subjects are unique only within it. */
  issuer: string;
  email?: string;
  name?: string;
}

type Row = { id: string; email: string | null; name: string | null; admin: boolean };

const userOf = (row: Row): User => ({
  id: row.id,
  ...(row.email ? { email: row.email } : {}),
  ...(row.name ? { name: row.name } : {}),
  admin: row.admin,
});

/** The tables that carry an owner: what the first admin takes from before sign-in. */
const OWNED = ['conversations', 'captures', 'votes', 'shares', 'tokens'] as const;

/** The people who signed in, in the same database as their work. */
export class UserStore {
  constructor(private readonly sql: SqlClient) {}

  /**
   * The user an identity names, made at its first sign-in; its email and name kept as
   * the issuer says now, and admin when SLUICE_ADMIN_EMAILS lists the email. The first
   * admin to sign in takes every row from before sign-in (owned by `local`): the
   * `local` user's row goes with them.
   */
  async signedIn(identity: Identity, adminEmails: readonly string[]): Promise<User> {
    const email = identity.email?.trim().toLowerCase() || null;
    const admin = email !== null && adminEmails.some((listed) => listed.toLowerCase() === email);
    const { rows } = await this.sql.query<Row>(
      `insert into users (id, issuer, subject, email, name, admin) values ($1, $2, $3, $4, $5, $6)
       on conflict (issuer, subject) do update
         set email = excluded.email, name = excluded.name, admin = excluded.admin, seen_at = now()
       returning id, email, name, admin`,
      [uuidv7(), identity.issuer, identity.subject, email, identity.name?.slice(0, 200) ?? null, admin],
    );
    const user = userOf(rows[0]!);
    if (user.admin) await this.adoptLocalRows(user.id);
    return user;
  }

  /**
   * One transaction: when two admins sign in at once, the second's delete waits for the
   * first's to commit, then finds no `local` user and no `local` rows left.
   */
  private async adoptLocalRows(adminId: string): Promise<void> {
    const { rows } = await this.sql.query(`select 1 from users where id = 'local'`);
    if (rows.length === 0) return;
    await this.sql.batch([
      { sql: `delete from users where id = 'local'` },
      ...OWNED.map((table) => ({ sql: `update ${table} set owner_id = $1 where owner_id = 'local'`, params: [adminId] })),
    ]);
  }
}
