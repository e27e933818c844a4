/**
 * The models the built-in providers offer, each a scenario the simulator
 * (lib/simulator/handler.ts) plays the same on every wire protocol. Declared here,
 * below both: the provider list names them without reaching into the simulator.
 * Options ride in the last user message as `key=value` words (lib/simulator/options.ts).
 */
export interface SimModel {
  id: string;
  description: string;
}

export const SIM_MODELS: readonly SimModel[] = [
  {
    id: 'sim-markdown',
    description: 'Markdown-rich reply: headings, lists, a table, code blocks. Options: tokens=, tps=, delay=.',
  },
  { id: 'sim-echo', description: 'Repeats your last message back, token by token.' },
  { id: 'sim-thinking', description: 'Thinks first (think= tokens), then answers in markdown.' },
  {
    id: 'sim-tools',
    description: 'Calls one tool (your first tool, or get_weather) about what you asked; answers once given the result.',
  },
  {
    id: 'sim-tools-parallel',
    description: 'Calls two tools in parallel about what you asked, arguments split at awkward places.',
  },
  {
    id: 'sim-fault-error',
    description: 'Streams a little (tokens=, default 24), then sends an error event in the protocol’s own convention.',
  },
  { id: 'sim-fault-eof', description: 'Streams a little (tokens=, default 24), then closes without the terminal event.' },
  { id: 'sim-fault-http-401', description: 'Rejects the request with HTTP 401 and a JSON error body.' },
  { id: 'sim-fault-http-429', description: 'Rejects the request with HTTP 429 and a JSON error body.' },
  { id: 'sim-fault-http-500', description: 'Fails with HTTP 500 and a JSON error body before streaming.' },
  { id: 'sim-fault-non-sse', description: 'Answers HTTP 502 with an HTML body, not SSE.' },
  { id: 'sim-fault-stall', description: 'Streams, goes silent for stall= seconds (default 5), then finishes.' },
  {
    id: 'sim-fault-keepalive',
    description: 'Slow reply (tps= 20 unless asked) with keep-alive comments and pings between tokens.',
  },
  { id: 'sim-fault-malformed', description: 'One event carries malformed JSON; the rest of the stream is fine.' },
  {
    id: 'sim-fault-slow-start',
    description: 'Waits delay= seconds (default 3) before the first token, then streams tokens= (default 60).',
  },
];

export function findSimModel(id: string): SimModel | undefined {
  return SIM_MODELS.find((m) => m.id === id);
}
