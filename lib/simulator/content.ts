import { pick, type Random } from '@/lib/seeded-random';
import { tokenize } from './tokenize';

/**
 * Generated replies: markdown of a chosen length (in tokens) built from whole
 * sections, so fences and tables are always closed.
 */

const WORDS = [
  'stream',
  'latency',
  'token',
  'gateway',
  'buffer',
  'event',
  'payload',
  'upstream',
  'parser',
  'frame',
  'relay',
  'chunk',
  'header',
  'socket',
  'protocol',
  'budget',
  'reply',
  'model',
  'cursor',
  'window',
  'throughput',
  'backpressure',
  'decoder',
  'schema',
  'signal',
  'request',
  'response',
  'channel',
  'queue',
  'batch',
];
const VERBS = ['carries', 'splits', 'flushes', 'measures', 'decodes', 'forwards', 'retries', 'assembles', 'tracks', 'bounds'];
const ADJECTIVES = ['steady', 'partial', 'final', 'raw', 'typed', 'late', 'early', 'small', 'whole', 'idle'];

function sentence(random: Random): string {
  const n = 6 + Math.floor(random() * 10);
  const words: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = random();
    words.push(r < 0.15 ? pick(random, VERBS) : r < 0.3 ? pick(random, ADJECTIVES) : pick(random, WORDS));
  }
  if (random() < 0.2) words.splice(2, 0, `\`${pick(random, WORDS)}\``);
  if (random() < 0.15) words.splice(1, 0, `**${pick(random, ADJECTIVES)}**`);
  const text = words.join(' ');
  return text[0]!.toUpperCase() + text.slice(1) + (random() < 0.1 ? '?' : '.');
}

function paragraph(random: Random, sentences = 3 + Math.floor(random() * 4)): string {
  return Array.from({ length: sentences }, () => sentence(random)).join(' ');
}

const CODE_SAMPLES: readonly { lang: string; code: (random: Random) => string }[] = [
  {
    lang: 'ts',
    code: (r) =>
      `export function ${pick(r, WORDS)}Rate(events: number, ms: number): number {\n  if (ms <= 0) return 0;\n  return (events / ms) * 1000;\n}`,
  },
  {
    lang: 'python',
    code: (r) =>
      `def ${pick(r, WORDS)}_chunks(data: bytes, size: int = 4096):\n    for start in range(0, len(data), size):\n        yield data[start:start + size]`,
  },
  {
    lang: 'rust',
    code: (r) => `fn ${pick(r, WORDS)}_total(values: &[u64]) -> u64 {\n    values.iter().copied().sum()\n}`,
  },
  {
    lang: 'bash',
    code: () =>
      "curl -N -s http://127.0.0.1:3000/api/chat \\\n  -H 'content-type: application/json' \\\n" +
      `  -d '{"provider":"sim-openai","model":"sim-markdown","messages":[{"role":"user","content":"hi"}]}'`,
  },
  {
    lang: 'json',
    code: (r) => JSON.stringify({ event: pick(r, WORDS), bytes: Math.floor(r() * 4096), ok: r() < 0.8 }, null, 2),
  },
  {
    lang: 'sql',
    code: (r) =>
      `SELECT id, ${pick(r, WORDS)}_count\nFROM messages\nWHERE status = 'complete'\nORDER BY created_at DESC\nLIMIT 20;`,
  },
];

function table(random: Random): string {
  const rows = 3 + Math.floor(random() * 3);
  const lines = ['| metric | value | note |', '| --- | ---: | --- |'];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `| ${pick(random, WORDS)} | ${(random() * 100).toFixed(1)} | ${pick(random, ADJECTIVES)} ${pick(random, WORDS)} |`,
    );
  }
  return lines.join('\n');
}

function list(random: Random, ordered: boolean): string {
  const n = 3 + Math.floor(random() * 3);
  return Array.from({ length: n }, (_, i) => `${ordered ? `${i + 1}.` : '-'} ${sentence(random)}`).join('\n');
}

function taskList(random: Random): string {
  return Array.from({ length: 3 }, () => `- [${random() < 0.5 ? 'x' : ' '}] ${sentence(random)}`).join('\n');
}

function section(random: Random, n: number): string {
  const parts = [`## ${n}. The ${pick(random, ADJECTIVES)} ${pick(random, WORDS)}`, paragraph(random)];
  const kind = n % 5;
  if (kind === 0) parts.push(list(random, false), paragraph(random, 2));
  if (kind === 1) {
    const sample = CODE_SAMPLES[(2 * Math.floor(n / 5)) % CODE_SAMPLES.length]!; // every language in turn
    parts.push('```' + sample.lang + '\n' + sample.code(random) + '\n```');
  }
  if (kind === 2) parts.push(table(random));
  if (kind === 3) parts.push(list(random, true), `> ${sentence(random)}`);
  if (kind === 4) {
    const sample = CODE_SAMPLES[(2 * Math.floor(n / 5) + 1) % CODE_SAMPLES.length]!;
    parts.push(taskList(random), '```' + sample.lang + '\n' + sample.code(random) + '\n```');
  }
  return parts.join('\n\n');
}

/** A markdown reply of at least `tokens` tokens (whole sections), as its token pieces. */
export function markdownReply(random: Random, tokens: number): string[] {
  const adjective = pick(random, ADJECTIVES);
  const title = `# ${adjective[0]!.toUpperCase()}${adjective.slice(1)} notes on the ${pick(random, WORDS)}`;
  const pieces: string[] = tokenize(`${title}\n\n${paragraph(random, 2)}`);
  for (let n = 1; pieces.length < tokens; n++) {
    pieces.push(...tokenize(`\n\n${section(random, n)}`));
  }
  return closeFence(pieces.slice(0, tokens));
}

/** A reply cut inside a code block still renders: close the fence it left open. */
function closeFence(pieces: string[]): string[] {
  const fences = pieces.join('').match(/^```/gm)?.length ?? 0;
  return fences % 2 === 1 ? [...pieces, '\n', '```'] : pieces;
}

/** Thinking text of about `tokens` tokens, as token pieces. */
export function thinkingText(random: Random, tokens: number): string[] {
  const pieces = tokenize(
    `**Working out the ${pick(random, WORDS)}**\n\nThe user wants ${pick(random, ADJECTIVES)} ${pick(random, WORDS)}s.`,
  );
  while (pieces.length < tokens) pieces.push(...tokenize(` ${sentence(random)}`));
  return pieces.slice(0, tokens);
}
