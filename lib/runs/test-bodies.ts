/**
 * Test data for lib/runs' tests (imported by no other code): one agent task's requests as
 * each protocol's app sends them. Step 1 asks; step 2 adds the model's Read call and its
 * result; step 3 a Bash call and its result. Claude Code-style: the cache breakpoint on
 * the last block of each request, a timestamp at the end of the system prompt.
 */
type Json = Record<string, unknown>;

const schema = (property: string) => ({ type: 'object', properties: { [property]: { type: 'string' } }, required: [property] });
export const FILE = 'export function add(a: number, b: number) {\n  return a - b;\n}\n';
export const STAMP = 'Today is 2026-11-27T21:04:11Z.';

export const anthropicTools = (): Json[] => [
  { name: 'Read', description: 'Reads a file from the local filesystem.', input_schema: schema('file_path') },
  { name: 'Bash', description: 'Runs a shell command.', input_schema: schema('command') },
  { name: 'Grep', description: 'Searches file contents.', input_schema: schema('pattern'), cache_control: { type: 'ephemeral' } },
];

/** Claude Code's request at a step (1–3). */
export function anthropicBody(step: number, stamp = STAMP): Json {
  const messages: Json[] = [{ role: 'user', content: [{ type: 'text', text: 'Fix the bug in add.ts' }] }];
  if (step >= 2)
    messages.push(
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'The bug is probably in add. Let me read the file first.', signature: 'sig1' },
          { type: 'text', text: 'Let me look at the file.' },
          { type: 'tool_use', id: 'toolu_01ABCDEFGHJK', name: 'Read', input: { file_path: 'add.ts' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01ABCDEFGHJK', content: FILE }] },
    );
  if (step >= 3)
    messages.push(
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_02ZYXWVUTSRQ', name: 'Bash', input: { command: 'npm test' } }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_02ZYXWVUTSRQ', content: '1 failed' }] },
    );
  const last = messages.at(-1)!.content as Json[];
  last[last.length - 1] = { ...last[last.length - 1], cache_control: { type: 'ephemeral' } };
  return {
    model: 'claude-sonnet-4-5',
    max_tokens: 32000,
    stream: true,
    tools: anthropicTools(),
    system: [
      { type: 'text', text: 'You are Claude Code, an interactive CLI tool that helps users with software engineering tasks.' },
      { type: 'text', text: stamp, cache_control: { type: 'ephemeral' } },
    ],
    messages,
  };
}

export function chatBody(): Json {
  return {
    model: 'gpt-4.1',
    stream: true,
    tools: [{ type: 'function', function: { name: 'Read', description: 'Reads a file.', parameters: schema('file_path') } }],
    messages: [
      { role: 'system', content: 'You are a coding agent.' },
      { role: 'user', content: 'Fix the bug in add.ts' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_abc123', type: 'function', function: { name: 'Read', arguments: '{"file_path":"add.ts"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_abc123', content: FILE },
    ],
  };
}

export function responsesBody(): Json {
  return {
    model: 'gpt-5-codex',
    stream: true,
    instructions: 'You are Codex, a coding agent.',
    tools: [{ type: 'function', name: 'shell', description: 'Runs a command.', parameters: schema('command') }],
    input: [
      { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'Sandbox: workspace-write.' }] },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Fix the bug in add.ts' }] },
      { type: 'reasoning', summary: [{ type: 'summary_text', text: 'Reading the file first.' }], encrypted_content: 'gAAAA…' },
      { type: 'function_call', call_id: 'call_xyz789', name: 'shell', arguments: '{"command":"cat add.ts"}' },
      { type: 'function_call_output', call_id: 'call_xyz789', output: FILE },
    ],
  };
}

export function geminiBody(): Json {
  return {
    systemInstruction: { parts: [{ text: 'You are a coding agent.' }] },
    tools: [{ functionDeclarations: [{ name: 'read_file', description: 'Reads a file.', parameters: schema('path') }] }],
    contents: [
      { role: 'user', parts: [{ text: 'Fix the bug in add.ts' }] },
      {
        role: 'model',
        parts: [
          { text: 'Reading the file first.', thought: true },
          { functionCall: { name: 'read_file', args: { path: 'add.ts' } } },
        ],
      },
      { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { result: FILE } } }] },
    ],
  };
}
