import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical';
import { joinedPrompt, promptSections, sectionOffset } from './prompt-sections';
import { anthropicBody, chatBody, geminiBody, responsesBody } from './test-bodies';

const labels = (sections: ReturnType<typeof promptSections>) => sections.map((s) => s.label);

describe('a prompt in the sections its provider caches it by', () => {
  it('Anthropic: tools, system, then each message, named by what it is', () => {
    const sections = promptSections('anthropic-messages', anthropicBody(3));
    expect(sections.map((s) => s.kind)).toEqual(['tools', 'system', 'message', 'message', 'message', 'message', 'message']);
    expect(labels(sections)).toEqual([
      'tool definitions',
      'the system prompt',
      'message 1 (user)',
      'message 2 (assistant, calling Read)',
      'message 3 (tool result for Read)',
      'message 4 (assistant, calling Bash)',
      'message 5 (tool result for Bash)',
    ]);
    expect(sections[0]!.toolNames).toEqual(['Read', 'Bash', 'Grep']);
    // What the provider sees: the schemas are in it; the cache breakpoints are not.
    expect(sections[0]!.text).toContain('"required":["file_path"]');
    expect(joinedPrompt(sections)).not.toContain('cache_control');
    expect(sections[2]!.plain).toBe('Fix the bug in add.ts');
  });

  it('moving a cache breakpoint, reordering keys or writing a string content as its block changes nothing', () => {
    const body = anthropicBody(2);
    const moved = structuredClone(body) as { messages: { content: Record<string, unknown>[] }[]; system: unknown };
    for (const m of moved.messages) for (const b of m.content) delete b.cache_control;
    moved.messages[0]!.content[0]!.cache_control = { type: 'ephemeral', ttl: '1h' };
    const reordered = Object.fromEntries(Object.entries(moved).reverse());
    const asString = { ...reordered, messages: [{ content: 'Fix the bug in add.ts', role: 'user' }, ...moved.messages.slice(1)] };
    const text = joinedPrompt(promptSections('anthropic-messages', body));
    expect(joinedPrompt(promptSections('anthropic-messages', reordered))).toBe(text);
    expect(joinedPrompt(promptSections('anthropic-messages', asString))).toBe(text);
  });

  it('OpenAI Chat: the leading system messages are the system prompt', () => {
    const sections = promptSections('openai-chat', chatBody());
    expect(labels(sections)).toEqual([
      'tool definitions',
      'the system prompt',
      'message 1 (user)',
      'message 2 (assistant, calling Read)',
      'message 3 (tool result for Read)',
    ]);
    expect(sections[1]!.plain).toBe('You are a coding agent.');
  });

  it('OpenAI Responses: instructions and the leading developer items are the system prompt; each item a message', () => {
    const sections = promptSections('openai-responses', responsesBody());
    expect(labels(sections)).toEqual([
      'tool definitions',
      'the system prompt',
      'message 1 (user)',
      'message 2 (reasoning)',
      'message 3 (assistant, calling shell)',
      'message 4 (tool result for shell)',
    ]);
    expect(sections[1]!.plain).toBe('You are Codex, a coding agent.\n\nSandbox: workspace-write.');
    expect(sections[0]!.toolNames).toEqual(['shell']);
  });

  it('Gemini: each function declaration a tool, the system instruction, then each content', () => {
    const sections = promptSections('gemini', geminiBody());
    expect(labels(sections)).toEqual([
      'tool definitions',
      'the system prompt',
      'message 1 (user)',
      'message 2 (assistant, calling read_file)',
      'message 3 (tool result for read_file)',
    ]);
    expect(sections[0]!.toolNames).toEqual(['read_file']);
  });

  it('places each section in the joined prompt', () => {
    const sections = promptSections('openai-chat', chatBody());
    const joined = joinedPrompt(sections);
    sections.forEach((s, i) => expect(joined.slice(sectionOffset(sections, i)).startsWith(s.text)).toBe(true));
  });

  it('a body that is not an object has no sections', () => {
    expect(promptSections('gemini', 'cut at the bound')).toEqual([]);
  });
});

describe('the canonical serialization', () => {
  it('sorts keys at every depth and leaves cache_control out', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: 2, cache_control: { type: 'ephemeral' } } })).toBe(
      '{"a":{"c":2,"d":[{"y":2,"z":1}]},"b":1}',
    );
  });
});
