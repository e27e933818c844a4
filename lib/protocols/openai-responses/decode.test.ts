/**
 * The Responses decoder, read through the assembler: a quirk from the gateways' own
 * streaming documents (the five seed documents). The recordings table
 * (lib/assemble/recordings.test.ts) checks every recorded Responses stream.
 */
import { describe, expect, it } from 'vitest';
import { assembleRecording } from '@/lib/assemble/assemble-recording';
import type { ProtocolId } from '@/lib/protocols/ids';

const run = (protocol: ProtocolId, text: string) => assembleRecording(protocol, text);

describe('gateway quirks', () => {
  it('EOF without a terminal marker is truncated (NanoGPT)', () => {
    expect(run('openai-responses', 'data: {"type":"response.output_text.delta","delta":"cut"}\n\n').status).toBe('truncated');
  });
});

describe('calls the client runs', () => {
  it("a custom tool's call (Codex's code-mode exec) is a tool call with its free-form input, streamed or whole", () => {
    const item = { type: 'custom_tool_call', id: 'ctc_1', call_id: 'call_1', name: 'exec', input: '' };
    const events = [
      { type: 'response.created', response: { id: 'resp_1', model: 'gpt-x' } },
      { type: 'response.output_item.added', output_index: 0, item },
      { type: 'response.custom_tool_call_input.delta', item_id: 'ctc_1', delta: 'cat ' },
      { type: 'response.custom_tool_call_input.delta', item_id: 'ctc_1', delta: 'note.txt' },
      { type: 'response.custom_tool_call_input.done', item_id: 'ctc_1', input: 'cat note.txt' },
      { type: 'response.output_item.done', output_index: 0, item: { ...item, input: 'cat note.txt' } },
      { type: 'response.completed', response: { id: 'resp_1', output: [{ ...item, input: 'cat note.txt' }] } },
    ];
    const reply = run('openai-responses', events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''));
    expect(reply.toolCalls.map((c) => [c.id, c.name, c.argsText])).toEqual([['call_1', 'exec', 'cat note.txt']]);
    expect(reply.finishReason).toBe('tool-calls');
    expect(reply.parts.some((p) => p.type === 'tool-result')).toBe(false);
  });
});
