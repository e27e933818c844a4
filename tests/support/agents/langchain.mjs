/**
 * A LangChain tool loop as an app would write one, knowing nothing of Sluice: a chat
 * model (`openai`: ChatOpenAI, streamed; `anthropic`: ChatAnthropic, not) with a bound
 * tool that reads a note, looped until it answers. `npm run with` records it
 * (tests/agents.test.ts). Streamed with `.stream()`: `invoke()` on a `streaming: true`
 * model also counts the tokens itself with js-tiktoken, which fetches its tables from
 * the network first (and retries for a minute without one).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ChatAnthropic } from '@langchain/anthropic';
import { HumanMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { z } from 'zod';

const [which, prompt] = process.argv.slice(2);
const readNote = tool(async ({ name }) => readFile(join(process.env.NOTES_DIR ?? '.', name), 'utf8'), {
  name: 'read_note',
  description: 'Reads a note from the notes folder.',
  schema: z.object({ name: z.string() }),
});
const chat =
  which === 'anthropic'
    ? new ChatAnthropic({ model: 'claude-sonnet-4-5', maxTokens: 500 })
    : new ChatOpenAI({ model: 'gpt-4.1-mini' });
const model = chat.bindTools([readNote]);

const messages = [new HumanMessage(prompt ?? 'What do my notes say?')];
for (let turn = 0; turn < 4; turn++) {
  let reply;
  if (which === 'anthropic') reply = await model.invoke(messages);
  else for await (const chunk of await model.stream(messages)) reply = reply ? reply.concat(chunk) : chunk;
  messages.push(reply);
  if (!reply.tool_calls?.length) {
    console.log(typeof reply.content === 'string' ? reply.content : reply.content.map((part) => part.text ?? '').join(''));
    break;
  }
  for (const call of reply.tool_calls) messages.push(await readNote.invoke(call));
}
