import { describe, expect, it } from 'vitest';
import { CONTEXT_PARTS, type ContextComposition } from '@/lib/api/runs';
import type { ProtocolId } from '@/lib/protocols/ids';
import { apportion } from './apportion';
import { canonicalJson } from './canonical';
import { composeContext, emptyComposition, scaleComposition } from './composition';
import { anthropicBody, anthropicTools, chatBody, FILE, geminiBody, responsesBody } from './test-bodies';
import { countTokens } from './tokens';

const total = (c: ContextComposition) => CONTEXT_PARTS.reduce((a, p) => a + c[p], 0);

describe('a request’s context by what it is', () => {
  it('counts each part with the tokenizer when the provider reported nothing', () => {
    const c = composeContext('anthropic-messages', anthropicBody(2));
    expect(c.estimate).toBe('whole');
    expect(c.system).toBe(
      countTokens(
        'You are Claude Code, an interactive CLI tool that helps users with software engineering tasks.\n\nToday is 2026-11-27T21:04:11Z.',
      ),
    );
    expect(c.tools).toBe(anthropicTools().reduce((a, t) => a + countTokens(canonicalJson(t)), 0));
    expect(c.toolResults).toBe(countTokens(FILE));
    expect(c.thinking).toBe(countTokens('The bug is probably in add. Let me read the file first.'));
    expect(c.conversation).toBe(
      countTokens('Fix the bug in add.ts') + countTokens('Let me look at the file.') + countTokens('Read {"file_path":"add.ts"}'),
    );
  });

  it('scales the parts to the reported input, adding up to it exactly', () => {
    const raw = composeContext('anthropic-messages', anthropicBody(3));
    for (const reported of [12_345, 102_050, 7, 0]) {
      const c = composeContext('anthropic-messages', anthropicBody(3), reported);
      expect(c.estimate).toBe('split');
      expect(total(c)).toBe(reported);
      if (reported > 1000) for (const p of CONTEXT_PARTS) expect(c[p] / reported).toBeCloseTo(raw[p] / total(raw), 3);
    }
  });

  it('names the largest items, biggest first, scaled alike', () => {
    const body = anthropicBody(2);
    (body.messages as { content: { content?: string }[] }[])[2]!.content[0]!.content = 'x '.repeat(5000);
    const c = composeContext('anthropic-messages', body, 20_000);
    expect(c.largest.map((l) => l.name)).toEqual([
      'tool result of Read (call toolu_01…)',
      'tool definitions (3 tools)',
      'tool definition of Read',
      'the system prompt',
      'message 2 (assistant, calling Read)',
    ]);
    expect(c.largest.map((l) => l.part)).toEqual(['toolResults', 'tools', 'tools', 'system', 'conversation']);
    const tokens = c.largest.map((l) => l.tokens);
    expect(tokens).toEqual([...tokens].sort((a, b) => b - a));
    expect(tokens[0]).toBeGreaterThan(c.toolResults - 2);
  });

  it.each<[ProtocolId, () => Record<string, unknown>]>([
    ['openai-chat', chatBody],
    ['openai-responses', responsesBody],
    ['gemini', geminiBody],
  ])('%s: every part found', (protocol, body) => {
    const c = composeContext(protocol, body(), 5000);
    expect(total(c)).toBe(5000);
    for (const p of ['system', 'tools', 'conversation', 'toolResults'] as const) expect(c[p]).toBeGreaterThan(0);
    expect(c.thinking > 0).toBe(protocol !== 'openai-chat');
  });

  it('raw counts stored once scale later to what the provider reported, as counting again would', () => {
    const raw = composeContext('openai-responses', responsesBody());
    expect(scaleComposition(raw, 4321)).toEqual(composeContext('openai-responses', responsesBody(), 4321));
    expect(scaleComposition(raw)).toEqual(raw);
    expect(scaleComposition(emptyComposition(), 50)).toMatchObject({ conversation: 50, estimate: 'split' });
  });

  it('a body with nothing readable: the reported input is all conversation', () => {
    expect(composeContext('openai-chat', '{"messages":[{"role":"us', 900)).toMatchObject({
      conversation: 900,
      system: 0,
      largest: [],
    });
  });

  it('counts a 150 KB agent request fast enough to do for every step', () => {
    const body = anthropicBody(3);
    const messages = body.messages as unknown[];
    for (let i = 0; JSON.stringify(body).length < 150_000; i++)
      messages.push(
        { role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${i}`, name: 'Read', input: { file_path: `f${i}.ts` } }] },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: `toolu_${i}`, content: `// file ${i}\n${FILE.repeat(20)}` }],
        },
      );
    const started = performance.now();
    const c = composeContext('anthropic-messages', body, 40_000);
    const ms = performance.now() - started;
    expect(total(c)).toBe(40_000);
    expect(ms).toBeLessThan(5000); // a bound for a loaded CI machine: the measured figures are in tokens.ts
  });
});

describe('apportion', () => {
  it('gives the leftover units to the largest remainders', () => {
    expect(apportion([1, 1, 1], 10)).toEqual([4, 3, 3]);
    expect(apportion([10, 20, 70], 7)).toEqual([1, 1, 5]);
    expect(apportion([0, 0], 5)).toEqual([0, 0]);
    expect(apportion([3, 0, 5], 0)).toEqual([0, 0, 0]);
  });
});

describe('countTokens', () => {
  it('counts with o200k_base, special tokens as plain text', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('a <|endoftext|> b')).toBeGreaterThan(3);
  });
});

describe('Codex’s request shape (0.171)', () => {
  it('counts tool definitions sent as an `additional_tools` input item, namespaces and all, as tools', () => {
    const schema = { type: 'object', properties: { cmd: { type: 'string', description: 'The shell command to run.' } } };
    const body = {
      model: 'gpt-5-codex',
      input: [
        {
          type: 'additional_tools',
          role: 'developer',
          tools: [
            {
              type: 'namespace',
              name: 'functions',
              tools: [
                { type: 'custom', name: 'exec' },
                { type: 'function', name: 'exec_command', parameters: schema },
              ],
            },
          ],
        },
        { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'You are Codex.' }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'What does note.txt say?' }] },
      ],
    };
    const c = composeContext('openai-responses', body);
    expect(c.tools).toBe(countTokens(canonicalJson(body.input[0]!.tools)));
    expect(c.conversation).toBeGreaterThan(0);
    expect(c.largest.find((item) => item.part === 'tools')?.name).toBe('message 1 (tool definitions: 2)');
  });
});
