/**
 * A hand-written agent loop on the official SDKs, as an app would write one, knowing
 * nothing of Sluice: it sends its prompt, runs each `read_file` call the model asks for,
 * sends the result back with the whole conversation again, until the model answers. Its
 * base URL and key come from its environment (`npm run with` sets them, or a test does).
 *
 *   LOOP_PROTOCOL       anthropic (default) or chat
 *   LOOP_MODEL          loop-8: the scripted model asks for 7 reads (tests/support/cache-upstream.ts)
 *   LOOP_PROMPT         the user's task
 *   LOOP_SYSTEM_CHANGE  from this request on, the system prompt carries the time: the cache breaks there
 *   LOOP_SUBAGENT       with this request, a subagent (its own system prompt and tools, loop-2) runs beside it
 *
 * It prints one JSON line: how many requests it made.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';

const protocol = process.env.LOOP_PROTOCOL ?? 'anthropic';
const model = process.env.LOOP_MODEL ?? 'loop-8';
const prompt = process.env.LOOP_PROMPT ?? 'Read the files and sum them up.';
const systemChange = Number(process.env.LOOP_SYSTEM_CHANGE ?? 0);
const subagentAt = Number(process.env.LOOP_SUBAGENT ?? 0);

const readFileTool = {
  name: 'read_file',
  description: 'Reads a file of the project and answers its contents.',
  schema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};
const searchTool = {
  name: 'search',
  description: 'Searches the project for a word.',
  schema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
};

let requests = 0;

/** One model call: the conversation so far in, the assistant's turn and its tool calls out. */
async function ask(system, tools, messages, asModel) {
  requests++;
  if (protocol === 'anthropic') {
    const client = new Anthropic();
    const stream = client.messages.stream({
      model: asModel,
      max_tokens: 512,
      system: [{ type: 'text', text: system, cache_control: { type: 'ephemeral' } }],
      tools: tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.schema })),
      messages,
    });
    const message = await stream.finalMessage();
    const calls = message.content.filter((b) => b.type === 'tool_use');
    return { turn: { role: 'assistant', content: message.content }, calls: calls.map((c) => ({ id: c.id, input: c.input })) };
  }
  const client = new OpenAI();
  const stream = client.chat.completions.stream({
    model: asModel,
    stream_options: { include_usage: true },
    messages: [{ role: 'system', content: system }, ...messages],
    tools: tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.schema } })),
  });
  const completion = await stream.finalChatCompletion();
  const message = completion.choices[0].message;
  const calls = (message.tool_calls ?? []).map((c) => ({ id: c.id, input: JSON.parse(c.function.arguments) }));
  return {
    turn: { role: 'assistant', content: message.content, ...(message.tool_calls ? { tool_calls: message.tool_calls } : {}) },
    calls,
  };
}

const resultTurn = (call, text) =>
  protocol === 'anthropic'
    ? { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: text }] }
    : { role: 'tool', tool_call_id: call.id, content: text };

/** A loop to its answer; `systemAt(n)`: the system prompt of its n-th request; `beside(n)`: what runs beside that request. */
async function loop(systemAt, tools, task, asModel, beside) {
  const messages = [{ role: 'user', content: task }];
  for (let n = 1; ; n++) {
    const asked = ask(systemAt(n), tools, messages, asModel);
    const [{ turn, calls }] = await Promise.all([asked, beside?.(n) ?? Promise.resolve()]);
    messages.push(turn);
    if (calls.length === 0) return turn;
    for (const call of calls)
      messages.push(resultTurn(call, `contents of ${call.input.path ?? call.input.word}: ${'line of text. '.repeat(40)}`));
  }
}

const base = 'You are a careful coding agent. Read what you need, then answer in one line.';
const now = new Date().toISOString();
let subagentRan = false;
await loop(
  (n) => (systemChange && n >= systemChange ? `${base} Now: ${now}.` : base),
  [readFileTool, searchTool],
  prompt,
  model,
  // The subagent starts with the main loop's request numbered LOOP_SUBAGENT, and runs beside it.
  async (n) => {
    if (!subagentAt || subagentRan || n !== subagentAt) return;
    subagentRan = true;
    await loop(
      () => 'You are a search subagent. Search, then report.',
      [searchTool],
      'Find where totals are computed.',
      'loop-2',
    );
  },
);
console.log(JSON.stringify({ requests }));
