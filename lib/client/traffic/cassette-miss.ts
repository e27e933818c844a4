/**
 * A cassette miss's message (the proxy's 504, kept as the capture's error) read for a
 * person: where the request parts from the closest recording first, in a sentence, the
 * raw keys after. The message's shape is the contract's ("Cassettes"): `No exchange in
 * cassette "ci" matches {key}. The closest recorded is exchange 1, {key}, which differs
 * at {where}.`; a message of another shape is its own headline, with nothing folded.
 */
export interface MissReading {
  headline: string;
  /** The request's key and the closest recorded one, as the proxy said them. */
  detail?: string;
}

const DIFFERS = ', which differs at $';

export function readCassetteMiss(message: string): MissReading {
  const head = /^No exchange in cassette "([^"]*)" matches /.exec(message);
  if (!head) return { headline: message };
  const cassette = head[1];
  // The keys are JSON a user wrote: the words between them are found by their whole shape (a number, a `$` path).
  const closestAt = /\. The closest recorded is exchange (\d+), /.exec(message);
  const differs = closestAt ? message.indexOf(DIFFERS, closestAt.index) : -1;
  if (!closestAt || differs === -1) {
    const empty = message.endsWith(' The cassette has no exchanges.');
    return {
      headline: empty
        ? `Cassette “${cassette}” has no exchanges: nothing to match this request.`
        : `No exchange in cassette “${cassette}” matches this request.`,
      detail: message,
    };
  }
  const exchange = closestAt[1];
  const where = message.slice(differs + DIFFERS.length - 1).replace(/\.$/, '');
  return {
    headline: `No exchange in cassette “${cassette}” matches: the closest, exchange ${exchange}, differs at ${where}.`,
    detail: message,
  };
}
