/// <reference lib="webworker" />
/**
 * Markdown parsing off the main thread: a streaming reply's blocks are parsed here
 * and cross to the page as HAST trees, which it only has to render.
 */
import { markdownToHast } from './to-hast';
import type { TreeAnswer, TreeRequest } from './tree-messages';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = ({ data: requests }: MessageEvent<TreeRequest[]>) => {
  const answers: TreeAnswer[] = requests.map((r) => ({ ...r, tree: markdownToHast(r.text, r.streaming) }));
  scope.postMessage(answers);
};
