/**
 * An agent, as the runs specs need one: a loop of Anthropic Messages requests through the
 * recording proxy to the built-in simulator, named as one run by the `x-sluice-run` header,
 * each request the one before with its reply and the next message added (so each one's
 * messages are a prefix of the next's, as a real agent's are). `sim-tools` asks for a tool
 * call; the simulator answers a tool result in words.
 */
import { expect } from './support';

type Block = Record<string, unknown>;
type Message = { role: 'user' | 'assistant'; content: string | Block[] };

const TOOLS = [
  {
    name: 'get_weather',
    description: 'The weather in a city',
    input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
];

/** The system prompt, with the day in it: an agent that writes the time there breaks the prompt cache each request. */
const systemOn = (day: string) => `You are a weather agent. Answer briefly. Today is ${day}.`;

/** One turn of the agent's script: a user's words, or a tool's result for the call the model just made. */
export type AgentTurn = { user: string } | { result: string };

export interface AgentRunOptions {
  /** The day the system prompt names on each request (index = request); the last one given holds after. */
  days?: string[];
}

/** The reply's content blocks, read back from the simulator's stream: its text and its tool calls. */
function replyBlocks(sse: string): Block[] {
  const blocks: Block[] = [];
  const args: string[] = [];
  for (const line of sse.split('\n')) {
    if (!line.startsWith('data: ')) continue;
    const event = JSON.parse(line.slice(6)) as { type: string; index?: number; content_block?: Block; delta?: Block };
    if (event.type === 'content_block_start' && event.content_block) {
      blocks[event.index!] = { ...event.content_block };
      args[event.index!] = '';
    }
    if (event.type === 'content_block_delta' && event.delta) {
      const block = blocks[event.index!]!;
      if (event.delta.type === 'text_delta') block.text = `${block.text ?? ''}${event.delta.text as string}`;
      if (event.delta.type === 'input_json_delta') args[event.index!] += event.delta.partial_json as string;
    }
  }
  return blocks.map((block, i) => (block.type === 'tool_use' ? { ...block, input: JSON.parse(args[i] || '{}') } : block));
}

/**
 * Plays `turns` as one run named `name`: a request after each user's words and after each
 * tool result, the reply kept in the conversation. Resolves once every request has been
 * answered whole; returns how many requests it made.
 */
export async function playAgent(
  baseURL: string,
  name: string,
  turns: AgentTurn[],
  options: AgentRunOptions = {},
): Promise<number> {
  const days = options.days ?? ['2026-11-27'];
  const messages: Message[] = [];
  let requests = 0;
  for (const turn of turns) {
    if ('user' in turn) messages.push({ role: 'user', content: turn.user });
    else {
      const call = (messages.at(-1)?.content as Block[]).find((b) => b.type === 'tool_use');
      messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: call!.id, content: turn.result }] });
    }
    const response = await fetch(`${baseURL}/proxy/sim-anthropic/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sluice-run': name },
      body: JSON.stringify({
        model: 'sim-tools',
        max_tokens: 256,
        stream: true,
        system: systemOn(days[Math.min(requests, days.length - 1)]!),
        tools: TOOLS,
        messages,
      }),
    });
    expect(response.status).toBe(200);
    messages.push({ role: 'assistant', content: replyBlocks(await response.text()) });
    requests++;
  }
  return requests;
}

/** The run of this name, once it has `steps` steps and none streams: its id. */
export async function runNamed(baseURL: string, name: string, steps: number): Promise<string> {
  let id = '';
  await expect
    .poll(async () => {
      const page = (await (await fetch(`${baseURL}/api/runs?${new URLSearchParams({ q: name })}`)).json()) as {
        items: { id: string; name: string; requests: number; status: string }[];
      };
      const run = page.items.find((r) => r.name === name);
      id = run?.id ?? '';
      return run ? `${run.requests} ${run.status}` : 'none';
    })
    .toBe(`${steps} complete`);
  return id;
}
