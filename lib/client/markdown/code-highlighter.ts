import { bundledLanguagesInfo, type BundledLanguage, type TokensResult } from 'shiki';
import type { HighlightAnswer, HighlightJob } from './highlight-messages';

/** Highlighted blocks kept for re-renders and remounts; each is small, and the oldest go first. */
const CACHE_SIZE = 500;

const languages = new Set(bundledLanguagesInfo.flatMap((l) => [l.id, ...(l.aliases ?? [])]));
const normalize = (language: string) => language.trim().toLowerCase() as BundledLanguage;

/** A block to highlight: its code and its fence's language. */
export interface CodeToHighlight {
  code: string;
  language: string;
}

type Waiter = (result: TokensResult) => void;

const keyOf = (block: CodeToHighlight) => `${normalize(block.language)}\n${block.code}`;

/** What models write most: the worker loads their grammars before the first reply needs them. */
const COMMON_LANGUAGES = [
  'typescript',
  'javascript',
  'python',
  'bash',
  'json',
  'rust',
  'sql',
  'go',
  'tsx',
  'html',
  'css',
  'yaml',
] as const;

/**
 * Code blocks' tokens from a Web Worker running Shiki. A block asked for the first
 * time renders plain and gets its tokens by callback; asked again, they come back at
 * once from the cache.
 */
class WorkerHighlighter {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly cache = new Map<string, TokensResult>();
  private readonly pending = new Map<string, Waiter[]>();
  /** Called when a job is answered, with tokens or with an error: what `warm` waits on. */
  private readonly answered = new Map<string, (() => void)[]>();
  private readonly keys = new Map<number, string>();
  /** For tests and benchmarks: grammars loaded, and how many blocks the worker has tokenized. */
  readonly status = { ready: false, answered: 0 };

  supportsLanguage(language: string): boolean {
    return languages.has(normalize(language));
  }

  /** The tokens of a block highlighted before, without asking the worker. */
  cached(block: CodeToHighlight): TokensResult | undefined {
    return this.cache.get(keyOf(block));
  }

  highlight(block: CodeToHighlight, callback?: Waiter): TokensResult | null {
    const key = keyOf(block);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const waiting = this.pending.get(key);
    if (waiting) {
      if (callback) waiting.push(callback);
      return null;
    }
    this.pending.set(key, callback ? [callback] : []);
    const id = this.nextId++;
    this.keys.set(id, key);
    this.post({ id, code: block.code, language: normalize(block.language) });
    return null;
  }

  /** Resolves once the worker has answered a job, tokens or not: used to load common grammars before the first reply. */
  warm(language: string): Promise<void> {
    const block: CodeToHighlight = { code: 'x', language };
    return new Promise((resolve) => {
      if (this.highlight(block)) return resolve();
      const key = keyOf(block);
      this.answered.set(key, [...(this.answered.get(key) ?? []), resolve]);
    });
  }

  /** Loads the common grammars in the worker, one after another, once the page has loaded. */
  prewarm(): void {
    void COMMON_LANGUAGES.reduce((chain, language) => chain.then(() => this.warm(language)), Promise.resolve()).then(() => {
      this.status.ready = true;
    });
  }

  private post(job: HighlightJob): void {
    if (!this.worker) {
      this.worker = new Worker(new URL('./highlight.worker.ts', import.meta.url), { type: 'module', name: 'sluice-highlighter' });
      this.worker.onmessage = ({ data }: MessageEvent<HighlightAnswer>) => this.settle(data);
      // A worker that cannot start answers nothing: every job in flight fails, and blocks stay plain.
      this.worker.onerror = (event) =>
        [...this.keys.keys()].forEach((id) => this.settle({ id, error: event.message || 'the highlighting worker failed' }));
    }
    this.worker.postMessage(job);
  }

  private settle(answer: HighlightAnswer): void {
    const key = this.keys.get(answer.id);
    if (key === undefined) return;
    this.keys.delete(answer.id);
    const waiters = this.pending.get(key) ?? [];
    this.pending.delete(key);
    const answered = this.answered.get(key) ?? [];
    this.answered.delete(key);
    answered.forEach((done) => done());
    if ('error' in answer) {
      // The block stays plain; asked again, it is tried again.
      console.error(`sluice: highlighting failed: ${answer.error}`);
      return;
    }
    this.status.answered++;
    this.cache.set(key, answer.result);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    for (const waiter of waiters) waiter(answer.result);
  }
}

/** A highlighter with a worker of its own (a test's, with a stand-in Worker). */
export const createCodeHighlighter = () => new WorkerHighlighter();

/** The page's. */
export const codeHighlighter = createCodeHighlighter();
export const highlighterStatus = codeHighlighter.status;
export const prewarmHighlighter = () => codeHighlighter.prewarm();
