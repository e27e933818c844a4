import { describe, expect, it } from 'vitest';
import type { CacheFigures } from '@/lib/api/runs';
import { cacheBreak, type CachedRequest } from './cache-break';
import { joinedPrompt, promptSections } from './prompt-sections';
import { anthropicBody, chatBody } from './test-bodies';

type Body = ReturnType<typeof anthropicBody>;
const joinedOf = (body: unknown) => joinedPrompt(promptSections('anthropic-messages', body));
const figures = (reads: number): CacheFigures => ({ hitRate: null, reads, writes: 0, uncached: 0 });
const request = (body: unknown, reads: number, protocol: CachedRequest['protocol'] = 'anthropic-messages'): CachedRequest => ({
  protocol,
  body,
  cache: figures(reads),
});
/** Step 3 after step 2, its reads fallen from 9 000 to 1 200. */
const broke = (previous: Body, current: Body) => cacheBreak(request(previous, 9000), request(current, 1200), 3);
const edit = (
  body: Body,
  change: (b: { messages: { content: Record<string, unknown>[] }[]; tools: Record<string, unknown>[] }) => void,
) => {
  const copy = structuredClone(body);
  change(copy as never);
  return copy;
};

describe('a cache break', () => {
  it('the system prompt changed: where, with what is there now', () => {
    const after = anthropicBody(3, 'Today is 2026-11-28T09:15:00Z.');
    const found = broke(anthropicBody(2), after)!;
    const at = joinedOf(anthropicBody(2)).indexOf('27T21') + 1; // "2026-11-2" is the same
    expect(found).toEqual({ step: 3, reason: `the system prompt changed at character ${at}: \`2026-11-28T09:15…\``, at });
    expect(at).toBeGreaterThan(600);
  });

  it('the tool definitions reordered (the same tools)', () => {
    const after = edit(anthropicBody(3), (b) => b.tools.reverse());
    // `[{"description":"` is the same: Read's then Grep's
    expect(broke(anthropicBody(2), after)).toEqual({ step: 3, reason: 'tool definitions reordered', at: 17 });
    const both = edit(after, (b) => (b.tools[0]!.description = 'Greps.'));
    expect(broke(anthropicBody(2), both)?.reason).toBe('tool definitions reordered (and Grep changed)');
  });

  it('a tool added, one removed', () => {
    const added = edit(anthropicBody(3), (b) => b.tools.push({ name: 'Write', input_schema: { type: 'object' } }));
    expect(broke(anthropicBody(2), added)?.reason).toBe('tool definitions changed: added Write');
    const removed = edit(anthropicBody(3), (b) => b.tools.pop());
    expect(broke(anthropicBody(2), removed)?.reason).toBe('tool definitions changed: removed Grep');
  });

  it('tools sent where there were none: the first thing that changed, at the start', () => {
    const bare = chatBody();
    delete bare.tools;
    const found = cacheBreak(request(bare, 5000, 'openai-chat'), request(chatBody(), 0, 'openai-chat'), 2);
    expect(found).toMatchObject({ reason: 'tool definitions changed: added Read', at: 3 }); // both start with `[{"`
  });

  it('a tool’s schema edited', () => {
    const after = edit(anthropicBody(3), (b) => (b.tools[0]!.description = 'Reads any file.'));
    expect(broke(anthropicBody(2), after)).toEqual({
      step: 3,
      reason: 'tool definitions changed: the definition of Read changed at character 24: `any file.","inpu…`',
      at: 24,
    });
  });

  it('a tool result earlier in the history edited', () => {
    const after = edit(anthropicBody(3), (b) => (b.messages[2]!.content[0]!.content = '[content cleared]'));
    expect(broke(anthropicBody(2), after)?.reason).toBe(
      'a tool result earlier in the history was edited (message 3, tool result for Read)',
    );
  });

  it('an earlier message edited, the history cut back', () => {
    const edited = edit(anthropicBody(3), (b) => (b.messages[0]!.content[0]!.text = 'Fix the bug in sub.ts'));
    const at = joinedOf(anthropicBody(2)).indexOf('add.ts"');
    expect(broke(anthropicBody(2), edited)).toEqual({
      step: 3,
      reason: `an earlier message was edited (message 1, user) at character ${at}: \`sub.ts","type":"…\``,
      at,
    });
    const cut = edit(anthropicBody(2), (b) => b.messages.splice(1));
    expect(broke(anthropicBody(2), cut)?.reason).toBe('the history was cut back: message 2 onwards is gone');
  });

  it('the model changed', () => {
    const after = { ...anthropicBody(3), model: 'claude-haiku-4-5' };
    expect(broke(anthropicBody(2), after)).toEqual({
      step: 3,
      reason: 'the model changed (claude-sonnet-4-5 → claude-haiku-4-5)',
      at: null,
    });
  });

  it('none where the conversation only grew, the breakpoint moved along with it (the cache expired)', () => {
    expect(broke(anthropicBody(2), anthropicBody(3))).toBeUndefined();
    expect(cacheBreak(request(chatBody(), 5000, 'openai-chat'), request(chatBody(), 0, 'openai-chat'), 2)).toBeUndefined();
  });

  it('none where the reads did not fall, whatever changed', () => {
    const after = anthropicBody(3, 'Today is 2026-11-28T09:15:00Z.');
    expect(cacheBreak(request(anthropicBody(2), 9000), request(after, 9000), 3)).toBeUndefined();
  });
});
