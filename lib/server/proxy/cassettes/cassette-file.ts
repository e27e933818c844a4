import 'server-only';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Har } from '@/lib/server/views/har';
import { readVariable } from '@/lib/server/platform/environment';
import type { ProtocolId } from '@/lib/protocols/ids';
import { CASSETTE_NAME } from '@/lib/api/cassettes';
import { DEFAULT_IGNORED, requestKey, type RequestKey } from './request-key';

type HarEntry = Har['log']['entries'][number];

/** What Sluice adds to a HAR entry (custom fields start with `_`, so other HAR tools pass them by). */
export interface EntryExtras {
  provider: string;
  /** The path under the provider with the query, credentials left out: what the entry matches by, with the body. */
  path: string;
  protocol?: ProtocolId;
  /** The response body's reads: their sizes in bytes and receive times (ms since the request). */
  chunks?: { sizes: number[]; at: number[] };
  /** The capture it was recorded from. */
  capture: string;
  /** The recorded body was cut at the capture's bound: it plays back cut. */
  truncated?: boolean;
}

export type CassetteEntry = HarEntry & { _sluice: EntryExtras };

/** A cassette file: HAR 1.2 whose log says, in `_sluice.ignore`, which request fields its matching leaves out. */
export interface CassetteFile {
  log: Omit<Har['log'], 'entries'> & {
    /** `owner`: the user who recorded it (its folder says so too: cassetteShelf). */
    _sluice: { ignore: string[]; owner?: string };
    entries: CassetteEntry[];
  };
}

/** A cassette as read: its entries each with the key it matches by. */
export interface Cassette {
  name: string;
  file: string;
  ignore: string[];
  entries: { entry: CassetteEntry; key: RequestKey; index: number }[];
  bytes: number;
  modifiedAt: Date;
  /** Changes whenever the file does: playback's order restarts with it. */
  version: string;
}

/**
 * A cassette file that cannot be read as one: the message names the cassette (by its
 * name, never its path on the server: it reaches the client) and what is wrong.
 */
export class CassetteError extends Error {}

export function cassetteDir(): string {
  return path.resolve(readVariable('SLUICE_CASSETTE_DIR'));
}

/** A user id as a folder name: Sluice's own ids (UUIDs, `local`) only, never a path. */
const OWNER_ID = /^[0-9a-z-]{1,64}$/;

/**
 * Where a user's cassettes are: SLUICE_CASSETTE_DIR itself for the one user of a Sluice
 * without sign-in (`local`), `users/{id}/` in it for each signed-in user. Each user has
 * their own names (two people's "ci" are two files), and a folder is whose it is: a
 * list or a read finds only the caller's (issue 40).
 */
export function cassetteShelf(owner: string): string {
  if (!OWNER_ID.test(owner)) throw new CassetteError(`"${owner.slice(0, 70)}" is not a user id.`);
  return owner === 'local' ? cassetteDir() : path.join(cassetteDir(), 'users', owner);
}

/**
 * The user's cassette folder as a page may show it: by the variable that sets it, never
 * its absolute path on the server (none of the browser's business).
 */
export function cassetteShelfShown(owner: string): string {
  const shelf = cassetteShelf(owner); // checks the id
  return `SLUICE_CASSETTE_DIR${path
    .relative(cassetteDir(), shelf)
    .split(path.sep)
    .filter(Boolean)
    .map((part) => `/${part}`)
    .join('')}`;
}

export function cassetteFile(name: string, owner: string): string {
  if (!CASSETTE_NAME.test(name))
    throw new CassetteError(`"${name.slice(0, 100)}" is not a cassette name: use letters, digits, ".", "_" and "-".`);
  return path.join(cassetteShelf(owner), `${name}.har`);
}

const cache = new Map<string, Cassette>();

function invalid(name: string, what: string): never {
  throw new CassetteError(`Cassette "${name}" is not a Sluice cassette: ${what}.`);
}

/** The file's log, checked to be a cassette's (its JSON, its entries each with a method and a `_sluice.path`), and its ignore list or the default. */
function validLog(name: string, text: string): { log: CassetteFile['log']; ignore: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    invalid(name, `its JSON does not parse (${(error as Error).message})`);
  }
  const log = (parsed as Partial<CassetteFile> | null)?.log;
  if (!log || !Array.isArray(log.entries)) invalid(name, 'it has no log.entries');
  const ignore = log._sluice?.ignore ?? DEFAULT_IGNORED;
  if (!Array.isArray(ignore) || ignore.some((field) => typeof field !== 'string'))
    invalid(name, 'log._sluice.ignore is not a list of field names');
  log.entries.forEach((entry, index) => {
    if (typeof entry?._sluice?.path !== 'string' || typeof entry.request?.method !== 'string')
      invalid(name, `entry ${index} has no request method or _sluice.path`);
  });
  return { log, ignore };
}

function parseCassette(name: string, file: string, text: string): Omit<Cassette, 'bytes' | 'modifiedAt' | 'version'> {
  const { log, ignore } = validLog(name, text);
  const entries = log.entries.map((entry, index) => ({
    entry,
    index,
    key: requestKey(entry.request.method, entry._sluice.path, entry.request.postData?.text ?? '', ignore),
  }));
  return { name, file, ignore, entries };
}

/** The cassette, or undefined when it has no file yet; read again only when the file changed. */
export async function readCassette(name: string, owner: string): Promise<Cassette | undefined> {
  const file = cassetteFile(name, owner);
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!info) return undefined;
  const version = `${info.mtimeMs}:${info.size}`;
  const cached = cache.get(file);
  if (cached?.version === version) return cached;
  const cassette = {
    ...parseCassette(name, file, await readFile(file, 'utf8')),
    bytes: info.size,
    modifiedAt: info.mtime,
    version,
  };
  cache.set(file, cassette);
  return cassette;
}

export function newCassetteFile(creatorVersion: string, owner: string): CassetteFile {
  return {
    log: {
      version: '1.2',
      creator: { name: 'Sluice', version: creatorVersion },
      _sluice: { ignore: DEFAULT_IGNORED, owner },
      entries: [],
    },
  };
}

/** One write at a time per file, in this process: appends read the file their predecessor wrote. */
const writing = new Map<string, Promise<unknown>>();

/**
 * Appends an entry, written whole to a temporary file and renamed over the old one, so a
 * reader (or a crash) never sees half a cassette. Two instances appending to one file
 * at once can lose one of the two (docs/contract.md, "Cassettes").
 */
export function appendToCassette(name: string, owner: string, entry: CassetteEntry, creatorVersion: string): Promise<void> {
  const file = cassetteFile(name, owner);
  const previous = writing.get(file) ?? Promise.resolve();
  const next = previous
    .catch(() => undefined)
    .then(async () => {
      const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      // A file that is not a cassette is refused, not added to.
      const cassette: CassetteFile =
        text === undefined ? newCassetteFile(creatorVersion, owner) : { log: validLog(name, text).log };
      // In the order the requests came (identical ones play back in it), not the order their captures were written.
      const after = cassette.log.entries.findLastIndex((e) => e.startedDateTime <= entry.startedDateTime);
      cassette.log.entries.splice(after + 1, 0, entry);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, `${JSON.stringify(cassette, null, 2)}\n`);
      await rename(temporary, file);
    });
  writing.set(file, next);
  void next.finally(() => writing.get(file) === next && writing.delete(file)).catch(() => undefined);
  return next;
}

/** Every cassette in the folder, by name. Files that are not cassettes are listed with no entries and their error. */
export async function listCassettes(owner: string): Promise<({ name: string; error?: string } & Partial<Cassette>)[]> {
  const names = await readdir(cassetteShelf(owner)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const out = [];
  for (const file of names.filter((n) => n.endsWith('.har')).sort()) {
    const name = file.slice(0, -'.har'.length);
    try {
      const cassette = await readCassette(name, owner);
      if (cassette) out.push(cassette);
    } catch (error) {
      out.push({ name, error: (error as Error).message });
    }
  }
  return out;
}

/**
 * Writes a new cassette whole (a run's exchanges: "Replay this run offline"), as appends
 * write theirs: to a temporary file renamed over it. An existing cassette of that name is
 * left as it is: `false`.
 */
export async function writeNewCassette(
  name: string,
  owner: string,
  entries: CassetteEntry[],
  creatorVersion: string,
): Promise<boolean> {
  const file = cassetteFile(name, owner);
  if (
    await stat(file).then(
      () => true,
      () => false,
    )
  )
    return false;
  const cassette = newCassetteFile(creatorVersion, owner);
  cassette.log.entries = [...entries].sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime));
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(cassette, null, 2)}\n`);
  await rename(temporary, file);
  return true;
}
