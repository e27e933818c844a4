import 'server-only';

/** A word that may change something: data-modifying SQL, a sequence, a lock, a setting. */
const MAY_CHANGE = new RegExp(
  '\\b(insert|update|delete|merge|truncate|create|alter|drop|copy|vacuum|analyze|lock|grant|revoke|call|do' +
    '|nextval|setval|set_config|pg_advisory\\w*|pg_notify)\\b',
  'i',
);

const known = new Map<string, boolean>();
const KEPT = 512;

/**
 * A statement that only reads: a `select`, or a `with` whose parts are all selects. Read
 * by its words, conservatively: anything that names a write, a lock or a setting
 * anywhere in its text (a string or a name holding one of those words too) counts as a write.
 * The store's statements are a few hundred fixed texts: each is looked at once.
 */
export function isReadOnly(sql: string): boolean {
  let readOnly = known.get(sql);
  if (readOnly === undefined) {
    readOnly = /^\s*(select|with)\b/i.test(sql) && !MAY_CHANGE.test(sql);
    if (known.size >= KEPT) known.clear();
    known.set(sql, readOnly);
  }
  return readOnly;
}
