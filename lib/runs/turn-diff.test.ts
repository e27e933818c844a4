import { describe, expect, it } from 'vitest';
import { anthropicBody, chatBody, FILE, geminiBody } from './test-bodies';
import { turnDiff } from './turn-diff';

describe('what a request added to the one before', () => {
  it('the new messages, as read: the call, then its result', () => {
    expect(turnDiff('anthropic-messages', anthropicBody(2), anthropicBody(3))).toEqual({
      added: [
        { label: 'message 4 (assistant, calling Bash)', text: 'Bash {"command":"npm test"}' },
        { label: 'message 5 (tool result for Bash)', text: '1 failed' },
      ],
      changed: [],
    });
  });

  it('the first request of a conversation adds it all after nothing', () => {
    const diff = turnDiff('openai-chat', undefined, chatBody());
    expect(diff.added.map((a) => a.label)).toEqual([
      'message 1 (user)',
      'message 2 (assistant, calling Read)',
      'message 3 (tool result for Read)',
    ]);
    expect(diff.changed.map((c) => [c.label, c.before])).toEqual([
      ['tool definitions', ''],
      ['the system prompt', ''],
    ]);
  });

  it('what changed in the part meant to stay, before and after, in prompt order', () => {
    const after = anthropicBody(3, 'Today is 2026-11-28T09:15:00Z.') as { messages: { content: Record<string, unknown>[] }[] };
    after.messages[2]!.content[0]!.content = '[content cleared]';
    const diff = turnDiff('anthropic-messages', anthropicBody(2), after);
    expect(diff.changed).toEqual([
      {
        label: 'the system prompt',
        before:
          'You are Claude Code, an interactive CLI tool that helps users with software engineering tasks.\n\nToday is 2026-11-27T21:04:11Z.',
        after:
          'You are Claude Code, an interactive CLI tool that helps users with software engineering tasks.\n\nToday is 2026-11-28T09:15:00Z.',
      },
      { label: 'message 3 (tool result for Read)', before: FILE, after: '[content cleared]' },
    ]);
    expect(diff.added).toHaveLength(2);
  });

  it('a change that reads the same shows as sent: a tool’s schema', () => {
    const after = geminiBody() as { tools: { functionDeclarations: { parameters: { required: string[] } }[] }[] };
    after.tools[0]!.functionDeclarations[0]!.parameters.required = [];
    const [change] = turnDiff('gemini', geminiBody(), after).changed;
    expect(change!.label).toBe('tool definitions');
    expect(change!.before).toContain('"required":["path"]');
    expect(change!.after).toContain('"required":[]');
  });

  it('messages gone from the history', () => {
    const cut = anthropicBody(3) as { messages: unknown[] };
    cut.messages.splice(1);
    const diff = turnDiff('anthropic-messages', anthropicBody(3), cut);
    expect(diff.changed.map((c) => [c.label, c.after])).toEqual([
      ['message 2 (assistant, calling Read)', ''],
      ['message 3 (tool result for Read)', ''],
      ['message 4 (assistant, calling Bash)', ''],
      ['message 5 (tool result for Bash)', ''],
    ]);
  });

  it('nothing when only a cache breakpoint moved', () => {
    const moved = anthropicBody(3) as { messages: { content: Record<string, unknown>[] }[] };
    delete moved.messages[4]!.content[0]!.cache_control;
    expect(turnDiff('anthropic-messages', anthropicBody(3), moved)).toEqual({ added: [], changed: [] });
  });
});
