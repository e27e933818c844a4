import { SseLimitError } from '@/lib/sse/limits';
import { SseParser } from '@/lib/sse/parser';
import type { SseItem } from '@/lib/sse/types';
import type { ProtocolId } from '@/lib/protocols/ids';
import { detectProtocol } from './detect-protocol';

/** A stream read back from a file or a paste: its raw text in timed pieces, and what it speaks. */
export interface ImportedStream {
  /** Raw text with the time it arrived (ms since the start); all 0 when the source had no timing. */
  chunks: { at: number; raw: string }[];
  protocol: ProtocolId;
  timed: boolean;
}

export class ImportError extends Error {
  override name = 'ImportError';
}

type JsonlLine = { at?: unknown; raw?: unknown; event?: unknown; data?: unknown; id?: unknown; kind?: unknown };

/** A JSONL export of ours: each line's `raw` (or, from other tools, its event and data rebuilt as SSE). */
function fromJsonl(lines: string[]): ImportedStream['chunks'] {
  return lines.flatMap((line, index) => {
    let row: JsonlLine;
    try {
      row = JSON.parse(line) as JsonlLine;
    } catch (error) {
      throw new ImportError(`Line ${index + 1} is not JSON: ${(error as Error).message}`);
    }
    // The reply's figures and cost, as Sluice exports them: not part of the stream.
    if (row.kind === 'reply') return [];
    const at = typeof row.at === 'number' ? row.at : 0;
    if (typeof row.raw === 'string') return [{ at, raw: row.raw }];
    if (typeof row.data !== 'string') throw new ImportError(`Line ${index + 1} has neither "raw" nor "data"`);
    const event = typeof row.event === 'string' && row.event !== 'message' ? `event: ${row.event}\n` : '';
    const id = typeof row.id === 'string' ? `id: ${row.id}\n` : '';
    return [
      {
        at,
        raw: `${event}${id}${row.data
          .split('\n')
          .map((d) => `data: ${d}\n`)
          .join('')}\n`,
      },
    ];
  });
}

const looksLikeJsonl = (lines: string[]) =>
  lines.length > 0 && lines.every((l) => l.startsWith('{')) && !lines.some((l) => /^(data|event|id):/.test(l));

function eventsOf(chunks: ImportedStream['chunks']): SseItem[] {
  const parser = new SseParser();
  try {
    const items = chunks.flatMap((c) => parser.feed(c.raw, c.at));
    return [...items, ...parser.end()];
  } catch (error) {
    if (error instanceof SseLimitError) throw new ImportError(`${error.message} This is not a stream Sluice can read.`);
    throw error;
  }
}

/**
 * Reads a `.sse` capture (`curl -N … > file`), a `.jsonl` export, or pasted SSE text.
 * Throws an ImportError that says what is wrong.
 */
export function importStream(text: string): ImportedStream {
  const trimmed = text.replace(/^\uFEFF/, '');
  if (!trimmed.trim()) throw new ImportError('The file is empty.');
  const lines = trimmed.split(/\r?\n/).filter((l) => l.trim() !== '');
  const jsonl = looksLikeJsonl(lines);
  const chunks = jsonl ? fromJsonl(lines) : [{ at: 0, raw: trimmed }];
  // A capture may stop before its last blank line: that event is still evidence of the protocol.
  const events = eventsOf([...chunks, { at: 0, raw: '\n\n' }]).flatMap((i) => (i.kind === 'event' ? [i] : []));
  if (events.length === 0)
    throw new ImportError(
      'No SSE events found: expected lines such as "data: {…}" separated by blank lines, or a .jsonl export.',
    );
  const protocol = detectProtocol(events);
  if (!protocol)
    throw new ImportError(
      'Cannot tell which wire protocol this stream speaks (OpenAI Chat, Anthropic Messages, OpenAI Responses or Gemini).',
    );
  return { chunks, protocol, timed: jsonl && chunks.some((c) => c.at > 0) };
}
