import 'server-only';
import { labels } from './metrics';
import { SLUICE } from './semconv';
import { telemetry } from './state';

/**
 * Sluice's own metrics, one call each where the thing happens: a stream opened or
 * closed, a join, a capture or a reply written, bytes relayed (counted once a stream
 * ends, never per chunk), a refusal, a cassette lookup. Before the server started its
 * telemetry (unit tests) each is nothing.
 */
export type Source = 'chat' | 'proxy';

/** On a request's path: a plain increment, read when the metrics are collected. */
export function streamOpened(source: Source): void {
  const running = telemetry();
  if (running) running.instruments.openStreams[source]++;
}

export function streamClosed(source: Source): void {
  const running = telemetry();
  if (running) running.instruments.openStreams[source]--;
}

export function streamJoined(): void {
  telemetry()?.instruments.streamJoins.add(1);
}

export function captureStored(status: string): void {
  telemetry()?.instruments.capturesStored.add(1, labels({ [SLUICE.captureStatus]: status }));
}

/** A write that began at `startedAt` (performance.now()) has ended. */
export function storeWritten(operation: 'reply' | 'capture', startedAt: number): void {
  telemetry()?.instruments.storeWriteDuration.record((performance.now() - startedAt) / 1000, {
    [SLUICE.storeOperation]: operation,
  });
}

export function bytesRelayed(source: Source, bytes: number): void {
  if (bytes > 0) telemetry()?.instruments.relayBytes.add(bytes, { [SLUICE.source]: source });
}

/** `reason`: the error code the refusal answered (`forbidden_host`, `sign_in_required` …), a few known values. */
export function requestRefused(reason: string): void {
  telemetry()?.instruments.refusedRequests.add(1, labels({ [SLUICE.refusal]: reason }));
}

export function cassetteLookedUp(result: 'hit' | 'miss'): void {
  telemetry()?.instruments.cassetteLookups.add(1, { [SLUICE.cassetteResult]: result });
}
