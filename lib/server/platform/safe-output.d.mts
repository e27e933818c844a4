/** Makes a failed write to `process.stdout` and `process.stderr` (or `streams`) drop its line instead of failing the process. */
export function dropFailedWrites(streams?: NodeJS.WritableStream[]): void;
