/*
 * Export files are named by what they hold, and when that happened (the reply's request,
 * the capture's, the run's start), never by when the button was pressed: two exports of
 * one reply are one name, and a folder of them sorts in the order they happened.
 */

/** A moment as a file name's stamp: UTC, to the second, sortable, safe on every file system ("2026-11-28T05-08-19Z"). */
export function fileStamp(at: string | number | Date): string | undefined {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return undefined;
  return `${date.toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
}

/** When a UUIDv7 (the server's ids: replies, captures, conversations) was made, epoch ms; undefined for any other id. */
export function uuidv7Time(id: string): number | undefined {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id)) return undefined;
  return parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}

/** A piece of a file name from free text (a model's name): letters, digits, dot, dash and underscore. */
export const fileSafe = (text: string) =>
  text
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
