import 'server-only';
import type { ProtocolId } from '@/lib/protocols/ids';

/**
 * The OpenTelemetry semantic conventions Sluice follows, by name: the GenAI ones
 * (status Development) as semantic conventions v1.41.0 define them, which
 * @opentelemetry/semantic-conventions 1.45 carries. Named here, not imported from its
 * `incubating` entry: that entry changes in minor releases, and its own README asks
 * instrumentations to copy what they use. docs/contract.md ("Traces and metrics") lists
 * what each span and metric carries.
 */
export const SEMCONV_VERSION = '1.41.0';
export const SCHEMA_URL = `https://opentelemetry.io/schemas/${SEMCONV_VERSION}`;

export const ATTR = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  requestModel: 'gen_ai.request.model',
  requestStream: 'gen_ai.request.stream',
  responseModel: 'gen_ai.response.model',
  responseId: 'gen_ai.response.id',
  finishReasons: 'gen_ai.response.finish_reasons',
  timeToFirstChunk: 'gen_ai.response.time_to_first_chunk',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  cacheReadTokens: 'gen_ai.usage.cache_read.input_tokens',
  cacheCreationTokens: 'gen_ai.usage.cache_creation.input_tokens',
  reasoningTokens: 'gen_ai.usage.reasoning.output_tokens',
  conversationId: 'gen_ai.conversation.id',
  agentName: 'gen_ai.agent.name',
  tokenType: 'gen_ai.token.type',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  serverAddress: 'server.address',
  serverPort: 'server.port',
  errorType: 'error.type',
  httpMethod: 'http.request.method',
  httpStatus: 'http.response.status_code',
  urlPath: 'url.path',
} as const;

/** Sluice's own attributes, beside the conventions' (which have no name for them). */
export const SLUICE = {
  source: 'sluice.source',
  providerId: 'sluice.provider.id',
  status: 'sluice.status',
  costUsd: 'sluice.cost.usd',
  usageEstimated: 'sluice.usage.estimated',
  messageId: 'sluice.message.id',
  captureId: 'sluice.capture.id',
  runId: 'sluice.run.id',
  runLane: 'sluice.run.lane',
  runRequests: 'sluice.run.requests',
  blind: 'sluice.blind',
  stallMs: 'sluice.stall.duration_ms',
  stallPhase: 'sluice.stall.phase',
  refusal: 'sluice.refusal.reason',
  storeOperation: 'sluice.store.operation',
  captureStatus: 'sluice.capture.status',
  cassetteResult: 'sluice.cassette.result',
} as const;

/** Span events: the times Sluice's own pages show, on the span's clock. */
export const EVENTS = {
  firstByte: 'sluice.first_byte',
  firstToken: 'sluice.first_token',
  firstAnswer: 'sluice.first_answer',
  stall: 'sluice.stall',
} as const;

/** The GenAI client metrics, and Sluice's own. */
export const METRICS = {
  duration: 'gen_ai.client.operation.duration',
  timeToFirstChunk: 'gen_ai.client.operation.time_to_first_chunk',
  timePerOutputChunk: 'gen_ai.client.operation.time_per_output_chunk',
  tokenUsage: 'gen_ai.client.token.usage',
  openStreams: 'sluice.streams.open',
  streamJoins: 'sluice.stream.joins',
  capturesStored: 'sluice.captures.stored',
  storeWriteDuration: 'sluice.store.write.duration',
  relayBytes: 'sluice.relay.bytes',
  refusedRequests: 'sluice.requests.refused',
  cassetteLookups: 'sluice.cassette.lookups',
} as const;

/** The conventions' bucket advice: seconds for durations, tokens for usage. */
export const DURATION_BUCKETS = [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92];
export const CHUNK_BUCKETS = [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0, 2.5];
export const TOKEN_BUCKETS = [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864];

/** What each wire format's call is, in `gen_ai.operation.name`'s words. */
export function operationOf(protocol: ProtocolId): string {
  return protocol === 'gemini' ? 'generate_content' : 'chat';
}

/** Hosts of the providers the conventions name (`gen_ai.provider.name`'s well-known values). */
const PROVIDER_HOSTS: [RegExp, string][] = [
  [/(^|\.)openai\.azure\.com$/, 'azure.ai.openai'],
  [/(^|\.)services\.ai\.azure\.com$|(^|\.)models\.ai\.azure\.com$/, 'azure.ai.inference'],
  [/(^|\.)api\.openai\.com$/, 'openai'],
  [/(^|\.)api\.anthropic\.com$/, 'anthropic'],
  [/(^|\.)generativelanguage\.googleapis\.com$/, 'gcp.gemini'],
  [/(^|\.)aiplatform\.googleapis\.com$/, 'gcp.vertex_ai'],
  [/(^|\.)bedrock(-runtime)?[.-]/, 'aws.bedrock'],
  [/(^|\.)api\.groq\.com$/, 'groq'],
  [/(^|\.)api\.mistral\.ai$/, 'mistral_ai'],
  [/(^|\.)api\.deepseek\.com$/, 'deepseek'],
  [/(^|\.)api\.x\.ai$/, 'x_ai'],
  [/(^|\.)api\.perplexity\.ai$/, 'perplexity'],
  [/(^|\.)api\.cohere\.(com|ai)$/, 'cohere'],
];

/** By its wire format, when its host is none of those: the conventions name the API the client speaks. */
const BY_PROTOCOL: Record<ProtocolId, string> = {
  'openai-chat': 'openai',
  'openai-responses': 'openai',
  'anthropic-messages': 'anthropic',
  gemini: 'gcp.gemini',
};

/** `gen_ai.provider.name` of a provider: by its host when the conventions know it, else by the API it speaks. */
export function providerNameOf(protocol: ProtocolId, host: string): string {
  const name = host.toLowerCase();
  return PROVIDER_HOSTS.find(([pattern]) => pattern.test(name))?.[1] ?? BY_PROTOCOL[protocol];
}

/** `server.address` and `server.port` of an upstream URL (the port only when the URL names one). */
export function serverOf(url: string): { address: string; port?: number } | undefined {
  try {
    const parsed = new URL(url);
    const address = parsed.hostname.replace(/^\[|\]$/g, '');
    return parsed.port ? { address, port: Number(parsed.port) } : { address };
  } catch {
    return undefined;
  }
}
