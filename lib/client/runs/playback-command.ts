/**
 * The command that plays a run back from its cassette, offline: `npm run with` again with
 * the cassette in playback mode. A run `npm run with` named is called after its command
 * and a tag in brackets (`claude -p "fix it" (k3f9)`, scripts/with-env.mjs), so that
 * command is given back; a run named some other way leaves a placeholder for it.
 */

const WITH_TAG = /^(.+) \([0-9a-z]{4}\)$/;

/** The agent command a run was started with by `npm run with`, when its name says. */
export function commandOfRun(runName: string): string | undefined {
  return WITH_TAG.exec(runName)?.[1];
}

/** A cassette's name as a shell word: bare when it is safe, else in single quotes. */
const shellWord = (word: string) => (/^[\w.@%+=:,/-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

export function playbackCommand(cassette: string, runName: string): string {
  return `npm run with -- --cassette ${shellWord(cassette)} --mode playback ${commandOfRun(runName) ?? '<your agent command>'}`;
}
