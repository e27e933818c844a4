import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubWorker } from '@/tests/support/fake-worker';
import { createCodeHighlighter } from './code-highlighter';
import type { HighlightAnswer, HighlightJob } from './highlight-messages';

/** A stand-in for the highlighting worker that answers every job with `answer`. */
const fakeWorker = (answer: (job: HighlightJob) => HighlightAnswer) => stubWorker(answer).posts;

const options = { code: 'print(1)', language: 'python' };

describe('the worker highlighter', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hands tokens to the waiting block, then answers from its cache', async () => {
    const tokens = { tokens: [[{ content: 'print(1)' }]] } as unknown as Extract<HighlightAnswer, { result: unknown }>['result'];
    const jobs = fakeWorker((job) => ({ id: job.id, result: tokens }));
    const codeHighlighter = createCodeHighlighter();
    const got = await new Promise((resolve) => expect(codeHighlighter.highlight(options, resolve)).toBeNull());
    expect(got).toBe(tokens);
    expect(codeHighlighter.highlight(options)).toBe(tokens);
    expect(jobs).toHaveLength(1);
  });

  it('settles the pre-warm chain even when the worker fails a grammar, and leaves the block plain', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const jobs = fakeWorker((job) => ({ id: job.id, error: `no grammar for ${job.language}` }));
    const codeHighlighter = createCodeHighlighter();
    const render = vi.fn();
    expect(codeHighlighter.highlight(options, render)).toBeNull();
    codeHighlighter.prewarm();
    await vi.waitFor(() => expect(codeHighlighter.status.ready).toBe(true));
    expect(render).not.toHaveBeenCalled();
    expect(jobs.length).toBeGreaterThan(1);
  });
});
