/**
 * What storable.ts makes of any value, against the databases themselves: PGlite always,
 * and PostgreSQL when TEST_DATABASE_URL names a server (with CI=true and none, this fails
 * rather than quietly covering one). Every value is taken by json, jsonb and text, and
 * read back as written but for what they cannot hold (a NUL, a lone surrogate), each U+FFFD.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresOnCi, storeBackends } from '@/tests/support/postgres';
import { openPgClient } from './pg-client';
import { openPgliteClient } from './pglite-client';
import type { SqlClient } from './sql-client';
import { storableJson, storableText } from './storable';

postgresOnCi('storable-sql');

/** Characters near what the databases refuse: NUL, halves of an emoji, backslashes and the letters of an escape. */
const hostileUnit = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\ud83e',
    '\udd80',
    '\ud83d\ude00',
    '\\',
    'u',
    '0',
    'd',
    '8',
    'e',
    'f',
    '"',
    '\ufffd',
    '\u0001',
    '\n',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const hostileString = fc.string({ unit: hostileUnit, maxLength: 40 });
const hostileValue = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** The value as stored: each string (keys too) as its text would be. */
function stored(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(stored);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), stored(v)]));
  return value;
}

describe.each(storeBackends('sluice-storable-'))('what $name takes', ({ open }) => {
  let sql: SqlClient;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const { env, drop } = await open();
    cleanup = drop;
    // The clients themselves, not a store: what the database takes, below what a store writes.
    sql = env.DATABASE_URL ? await openPgClient(env.DATABASE_URL) : await openPgliteClient(env.SLUICE_DATA_DIR!);
    await sql.exec('create table t (j jsonb, k json, s text)');
  }, 60_000);
  afterAll(async () => {
    await sql.close();
    await cleanup();
  });

  it('refuses what storable.ts is there for', async () => {
    for (const json of ['"\\ud83e"', '"\\u0000"', '"a\\udd80"'])
      await expect(sql.query('select $1::jsonb as j', [json])).rejects.toThrow(/json|Unicode/);
    await expect(sql.query('select $1::text as s', ['a\u0000b'])).rejects.toThrow();
  });

  it('takes any value as json, jsonb and text, and reads it back as stored', async () => {
    await fc.assert(
      fc.asyncProperty(hostileValue, hostileString, async (value, text) => {
        const json = storableJson(value);
        const { rows } = await sql.query<{ j: unknown; k: unknown; s: string }>(
          'insert into t (j, k, s) values ($1::jsonb, $1::json, $2) returning j, k, s',
          [json, storableText(text)],
        );
        expect(rows[0]!.j).toEqual(stored(value));
        expect(rows[0]!.k).toEqual(stored(value));
        expect(rows[0]!.s).toBe(storableText(text));
      }),
      { numRuns: 300 },
    );
  });
});

it('leaves a value the databases can hold as it is, escaped backslashes before "u0000" too', () => {
  const harmless = fc.constantFrom('\\', 'u', '0', 'd', '8', 'e', '"', '\ufffd', '\u0001', '\n', '\ud83d\ude00', 'x');
  const text = fc.string({ unit: harmless, maxLength: 40 });
  fc.assert(
    fc.property(fc.array(fc.oneof(text, fc.dictionary(text, text, { maxKeys: 3 })), { maxLength: 4 }), (value) => {
      expect(storableJson(value)).toBe(JSON.stringify(value));
    }),
    { numRuns: 500 },
  );
});
