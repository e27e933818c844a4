/**
 * An agent written with the OpenAI Agents SDK as an app would write one, knowing nothing
 * of Sluice: one function tool that reads a note, run streamed, with whatever base URL
 * and key its environment gives. `npm run with` records it (tests/agents.test.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Agent, run, tool } from '@openai/agents';
import { z } from 'zod';

const readNote = tool({
  name: 'read_note',
  description: 'Reads a note from the notes folder.',
  parameters: z.object({ name: z.string() }),
  execute: async ({ name }) => readFile(join(process.env.NOTES_DIR ?? '.', name), 'utf8'),
});

const agent = new Agent({ name: 'Notes', instructions: 'Answer from the notes.', tools: [readNote] });
const result = await run(agent, process.argv[2] ?? 'What do my notes say?', { stream: true });
// What it did, as it happened: the call and its output among them.
for await (const event of result) if (event.type === 'run_item_stream_event') console.error(`agent: ${event.name}`);
await result.completed;
console.log(result.finalOutput);
