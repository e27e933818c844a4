import 'server-only';

/**
 * Sluice in a team's observability stack (issue 52): OpenTelemetry traces of every chat
 * reply, proxied exchange and agent run, named by the GenAI semantic conventions, and
 * metrics, exported over OTLP and served for Prometheus at GET /metrics. The features
 * call in once a reply or an exchange has ended (`callEnded`), with the times they kept:
 * nothing here runs while a stream does. docs/contract.md: "Traces and metrics".
 */
export { callEnded, incomingParent, type CallSpan, type EndedCall } from './calls';
export {
  bytesRelayed,
  cassetteLookedUp,
  captureStored,
  requestRefused,
  storeWritten,
  streamClosed,
  streamJoined,
  streamOpened,
} from './counters';
export { inputMessages, outputMessages } from './content';
export { spanIdFor, traceIdForRun } from './ids';
export { parentWithIds, startSpanAt } from './spans';
export { startTelemetry, stopTelemetry, telemetry } from './state';
export { ATTR, SLUICE, SEMCONV_VERSION } from './semconv';
