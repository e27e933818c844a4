import { describe, expect, it } from 'vitest';
import { findSelfNaming, selfNamingReason } from './self-naming';

const reply = (label: string, text: string) => ({ label, text });

describe('findSelfNaming', () => {
  it('finds a family named in any case, as a whole word', () => {
    expect(findSelfNaming([reply('A', 'Sure.'), reply('B', 'As claude, I think so.')], [])).toEqual({
      label: 'B',
      name: 'Claude',
    });
    expect(findSelfNaming([reply('A', 'I am GPT-4o, made by OpenAI.')], [])?.name).toMatch(/^(GPT|OpenAI)$/);
    expect(findSelfNaming([reply('A', 'Built by xAI')], [])).toEqual({ label: 'A', name: 'xAI' });
  });

  it('does not match a family inside another word', () => {
    const text = 'Ungoogleable claudettes and metadata, a llamas-free gptx reply';
    expect(findSelfNaming([reply('A', text)], [])).toBeUndefined();
  });

  it('matches the configured names, longest first, hyphens and all', () => {
    const names = ['sim-openai', 'Simulator · OpenAI Chat', 'sim-markdown'];
    expect(findSelfNaming([reply('A', 'curl -d {"provider":"sim-openai"}')], names)).toEqual({ label: 'A', name: 'sim-openai' });
    expect(findSelfNaming([reply('A', 'I am the Simulator · OpenAI Chat.')], names)?.name).toBe('Simulator · OpenAI Chat');
    expect(findSelfNaming([reply('A', 'a sim-markdownish word')], names)).toBeUndefined();
    expect(findSelfNaming([reply('A', 'model: my-org/llama-3.1-8b')], ['my-org/llama-3.1-8b'])?.name).toBe('my-org/llama-3.1-8b');
  });

  it('reports the first pane in order that names itself', () => {
    const found = findSelfNaming([reply('A', 'plain'), reply('B', 'I am Gemini'), reply('C', 'I am Qwen')], []);
    expect(found).toEqual({ label: 'B', name: 'Gemini' });
    expect(selfNamingReason(found!)).toBe('B’s reply names “Gemini”'.replace('’', "'"));
  });

  it('treats names as text, not patterns', () => {
    expect(findSelfNaming([reply('A', 'gptXo')], ['gpt.o'])).toBeUndefined();
    expect(findSelfNaming([reply('A', 'uses gpt.o here')], ['gpt.o'])?.name).toBe('gpt.o');
  });

  it('finds nothing in replies that name no one', () => {
    expect(findSelfNaming([reply('A', 'Rivers run to the sea.'), reply('B', '')], ['sim-echo'])).toBeUndefined();
  });
});
