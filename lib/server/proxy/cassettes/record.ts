import 'server-only';
import packageJson from '@/package.json';
import { captureStore } from '@/lib/server/store/captures';
import { appendToCassette } from './cassette-file';
import { cassetteEntry } from './cassette-entry';
import { beingRecorded } from './being-recorded';

/**
 * Once a recorded exchange's capture is written, appends it to its cassette, from the
 * stored capture (so the cassette holds what the Traffic page shows: keys redacted, the
 * credentials then dropped). Only an exchange that ended whole is kept: a cut or broken
 * one would play back as a failure the upstream never gave. Called as the answer ends (in
 * the same turn), it is among the cassette's recordings being written from then on: a
 * playback that comes at once waits for it.
 */
export function recordToCassette(name: string, owner: string, captureId: string, written: Promise<void>): Promise<void> {
  return beingRecorded(name, owner, appendOnceWritten(name, owner, captureId, written));
}

async function appendOnceWritten(name: string, owner: string, captureId: string, written: Promise<void>): Promise<void> {
  try {
    await written;
    const capture = await (await captureStore()).get(captureId, owner);
    if (capture?.status !== 'complete' || !capture.response) return;
    await appendToCassette(name, owner, cassetteEntry(capture, packageJson.version), packageJson.version);
  } catch (error) {
    console.error(`sluice: recording capture ${captureId} to cassette "${name}" failed: ${(error as Error).message}`);
  }
}
