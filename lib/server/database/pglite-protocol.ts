import 'server-only';
import type { Statement } from './sql-client';

/** What the SQL client asks the PGlite worker, each with its call's id. */
export type SqlRequest =
  /** `read`: the statement only reads (read-only.ts): it may go before writes that wait. */
  | { id: number; op: 'query'; sql: string; params?: unknown[]; read?: boolean }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'batch'; statements: Statement[] }
  | { id: number; op: 'close' };

export type SqlResult = { rows: unknown[] } | { rows: unknown[] }[] | null;
