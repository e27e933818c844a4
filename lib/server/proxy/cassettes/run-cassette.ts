import 'server-only';
import packageJson from '@/package.json';
import { CASSETTE_NAME } from '@/lib/api/cassettes';
import type { User } from '@/lib/api/users';
import { ApiError } from '@/lib/server/http/errors';
import { store } from '@/lib/server/store';
import { runCaptures } from '@/lib/server/views/runs';
import { cassetteEntry } from './cassette-entry';
import { writeNewCassette } from './cassette-file';
import { runCassetteNames } from './run-cassette-name';

/**
 * "Replay this run offline": writes a cassette of every exchange of a run that ended
 * whole, so `npm run with -- --cassette NAME --mode playback <the same command>` plays
 * the run back without the network. The cassette holds what the Traffic page shows (keys
 * redacted); a cut or failed exchange is left out, as recording leaves it out. Unless
 * named, it is named by the run's name (`my run` → `my-run`, `my-run-2` when that is
 * taken), by its id only when nothing of the name makes one.
 */
export async function cassetteOfRun(user: User, runId: string, name?: string): Promise<{ name: string; entries: number }> {
  if (name !== undefined && !CASSETTE_NAME.test(name))
    throw new ApiError(
      400,
      'invalid_request',
      'name: use letters, digits, ".", "_" and "-" (up to 100), starting with a letter or digit.',
    );
  const db = await store();
  const run = await db.runs.get(runId, user.id);
  if (!run) throw new ApiError(404, 'not_found', `Unknown run "${runId.slice(0, 100)}".`);
  const complete = (await runCaptures(user, runId)).filter((capture) => capture.status === 'complete');
  const details = await Promise.all(complete.map((capture) => db.captures.get(capture.id, user.id)));
  const entries = details.flatMap((capture) => (capture?.response ? [cassetteEntry(capture, packageJson.version)] : []));
  if (entries.length === 0) throw new ApiError(409, 'conflict', 'This run has no exchange that ended whole to replay.');
  for (const tried of name === undefined ? runCassetteNames(run) : [name])
    if (await writeNewCassette(tried, user.id, entries, packageJson.version)) return { name: tried, entries: entries.length };
  throw new ApiError(409, 'conflict', `A cassette named "${name ?? `run-${run.id}`}" exists already: name another.`);
}
