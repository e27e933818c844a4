import 'server-only';
import { CASSETTE_NAME } from '@/lib/api/cassettes';

/** A slug's length: room for a `-99` after it under the 100 a cassette name may have. */
const SLUG_LENGTH = 80;

/**
 * The cassette name a run's name reads as: "my run" → `my-run`, "Refactor: the parser!"
 * → `refactor-the-parser` (accents dropped, anything else a dash). Undefined when nothing
 * of it is left (a name of only signs or another script): the run's id names it then.
 */
export function cassetteSlug(runName: string): string | undefined {
  const slug = runName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, SLUG_LENGTH)
    .replace(/[-._]+$/, '');
  return CASSETTE_NAME.test(slug) ? slug : undefined;
}

/**
 * The names a run's cassette tries in turn until one is free: its name's slug, then the
 * slug with `-2`, `-3`… (a second cassette of a run, or two runs of one name), and last
 * `run-{id}`, which only that run has.
 */
export function runCassetteNames(run: { id: string; name: string }, tries = 20): string[] {
  const slug = cassetteSlug(run.name);
  const byName = slug ? [slug, ...Array.from({ length: tries - 1 }, (_, i) => `${slug}-${i + 2}`)] : [];
  return [...byName, `run-${run.id}`];
}
