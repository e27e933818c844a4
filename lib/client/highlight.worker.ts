/// <reference lib="webworker" />
/**
 * Shiki off the main thread: grammar loading and tokenizing are long tasks (a
 * first-seen language cost a 240 ms frame), and here they cost the page nothing.
 */
import { createCodePlugin } from '@streamdown/code';
import type { HighlightAnswer, HighlightJob } from './highlight-protocol';

const shiki = createCodePlugin();
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = ({ data: job }: MessageEvent<HighlightJob>) => {
  const reply = (answer: HighlightAnswer) => scope.postMessage(answer);
  try {
    const options = { code: job.code, language: job.language, themes: job.themes };
    const now = shiki.highlight(options, (result) => reply({ id: job.id, result }));
    if (now) reply({ id: job.id, result: now });
  } catch (error) {
    reply({ id: job.id, error: String(error) });
  }
};
