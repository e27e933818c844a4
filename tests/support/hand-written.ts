import { assembleRecording } from '@/lib/assemble/assemble-recording';
import type { AssembledMessage } from '@/lib/assemble/message';
import { fixtures } from './fixtures';

/** A hand-written case (its path below tests/fixtures/wire/hand-written), decoded and assembled whole. */
export function assembleHandWritten(file: string): AssembledMessage {
  const fixture = fixtures().find((f) => f.file === `hand-written/${file}`)!;
  return assembleRecording(fixture.protocol, fixture.bytes);
}
