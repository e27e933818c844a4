import 'server-only';

/** One statement of a batch. */
export interface Statement {
  sql: string;
  params?: unknown[];
}

/** The little SQL surface both PGlite and node-postgres offer. */
export interface SqlClient {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
  /** Runs the statements in order in one transaction: all or none. Rows of each, in order. */
  batch(statements: Statement[]): Promise<{ rows: unknown[] }[]>;
  close(): Promise<void>;
  /**
   * Runs `work` on one connection while no other Sluice instance runs such work on this
   * database (migrations: instances starting together would each create the same tables).
   */
  alone<T>(work: (sql: Pick<SqlClient, 'query' | 'exec'>) => Promise<T>): Promise<T>;
}
