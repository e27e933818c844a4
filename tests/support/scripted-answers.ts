import type { IncomingMessage, ServerResponse } from 'node:http';
import * as zlib from 'node:zlib';

/**
 * More of the scripted upstream (upstream.ts), by model name: a short answer in the
 * protocol its path names, that lingers once sent (as an upstream that flushes its last
 * event, then closes), and answers that come compressed whatever the request asked.
 */
export type ScriptedProtocol = 'chat' | 'anthropic' | 'responses' | 'gemini';

/** The answer's text, in every protocol. */
export const SCRIPTED_TEXT = 'Hello there';
/** Its usage, in every protocol: 5 tokens in, 2 out. */
export const SCRIPTED_USAGE = { inputTokens: 5, outputTokens: 2 };
/** What the app reads in the terminal event(s) of each protocol: it may hang up once it has. */
export const TERMINAL_SIGN: Record<ScriptedProtocol, string> = {
  chat: '[DONE]',
  anthropic: 'message_stop',
  responses: 'response.completed',
  gemini: 'finishReason',
};

export const protocolOfUrl = (url = ''): ScriptedProtocol =>
  url.includes('/anthropic/')
    ? 'anthropic'
    : /\/responses(?:\?|$)/.test(url)
      ? 'responses'
      : /[gG]enerateContent/.test(url)
        ? 'gemini'
        : 'chat';

const data = (value: unknown, event?: string) => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(value)}\n\n`;
const chatChunk = (delta: object, finish: string | null = null) =>
  data({
    id: 'chatcmpl-up',
    object: 'chat.completion.chunk',
    model: 'up',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
/** An event named by its type, as Anthropic and Responses send them. */
const typed = (value: { type: string } & Record<string, unknown>) => data(value, value.type);

/** The answer's events: those before its terminal event, and the terminal ones (with what rides with them). */
export function scriptedEvents(protocol: ScriptedProtocol): { before: string[]; terminal: string[] } {
  switch (protocol) {
    case 'chat':
      return {
        before: [chatChunk({ role: 'assistant', content: 'Hello ' }), chatChunk({ content: 'there' })],
        terminal: [
          chatChunk({}, 'stop'),
          data({
            id: 'chatcmpl-up',
            object: 'chat.completion.chunk',
            choices: [],
            usage: { prompt_tokens: 5, completion_tokens: 2 },
          }),
          'data: [DONE]\n\n',
        ],
      };
    case 'anthropic':
      return {
        before: [
          typed({
            type: 'message_start',
            message: {
              id: 'msg_up',
              type: 'message',
              role: 'assistant',
              model: 'up',
              content: [],
              usage: { input_tokens: 5, output_tokens: 1 },
            },
          }),
          typed({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
          typed({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hello ' } }),
          typed({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'there' } }),
        ],
        terminal: [
          typed({ type: 'content_block_stop', index: 0 }),
          typed({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 2 } }),
          typed({ type: 'message_stop' }),
        ],
      };
    case 'responses':
      return {
        before: [
          typed({ type: 'response.created', response: { id: 'resp_up', model: 'up', status: 'in_progress' } }),
          typed({ type: 'response.output_text.delta', item_id: 'msg_up', delta: 'Hello ' }),
          typed({ type: 'response.output_text.delta', item_id: 'msg_up', delta: 'there' }),
        ],
        terminal: [
          typed({
            type: 'response.completed',
            response: {
              id: 'resp_up',
              model: 'up',
              status: 'completed',
              output: [{ type: 'message', id: 'msg_up', content: [{ type: 'output_text', text: SCRIPTED_TEXT }] }],
              usage: { input_tokens: 5, output_tokens: 2, total_tokens: 7 },
            },
          }),
        ],
      };
    case 'gemini': {
      const chunk = (text: string, last: boolean) =>
        `data: ${JSON.stringify({
          candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) }],
          usageMetadata: { promptTokenCount: 5, candidatesTokenCount: last ? 2 : 1, totalTokenCount: last ? 7 : 6 },
          modelVersion: 'up',
        })}\r\n\r\n`;
      return { before: [chunk('Hello ', false)], terminal: [chunk('there', true)] };
    }
  }
}

/** The answer as a non-streamed body of the protocol. */
function wholeBody(protocol: ScriptedProtocol): object {
  switch (protocol) {
    case 'chat':
      return {
        id: 'chatcmpl-up',
        object: 'chat.completion',
        model: 'up',
        choices: [{ index: 0, message: { role: 'assistant', content: SCRIPTED_TEXT }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
      };
    case 'anthropic':
      return {
        id: 'msg_up',
        type: 'message',
        role: 'assistant',
        model: 'up',
        content: [{ type: 'text', text: SCRIPTED_TEXT }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 5, output_tokens: 2 },
      };
    case 'responses':
      return {
        id: 'resp_up',
        object: 'response',
        status: 'completed',
        model: 'up',
        output: [{ type: 'message', id: 'msg_up', content: [{ type: 'output_text', text: SCRIPTED_TEXT }] }],
        usage: { input_tokens: 5, output_tokens: 2, total_tokens: 7 },
      };
    case 'gemini':
      return {
        candidates: [{ content: { role: 'model', parts: [{ text: SCRIPTED_TEXT }] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 2, totalTokenCount: 7 },
        modelVersion: 'up',
      };
  }
}

type Zstd = { createZstdCompress?: () => zlib.Gzip };
/** Whether this Node compresses (and decompresses) zstd: 22.15 and 23.8 on. */
export const NODE_HAS_ZSTD = typeof (zlib as unknown as Zstd).createZstdCompress === 'function';

/** A compressor for a content coding; zstd only where this Node has it. */
function compressor(coding: string): zlib.Gzip | zlib.Deflate | zlib.BrotliCompress {
  switch (coding) {
    case 'gzip':
      return zlib.createGzip();
    case 'deflate':
      return zlib.createDeflate();
    case 'br':
      return zlib.createBrotliCompress();
    case 'zstd':
      return (zlib as unknown as Zstd).createZstdCompress!();
    default:
      throw new Error(`no compressor for ${coding}`);
  }
}

/** Pieces compressed one after the other, each flushed: each piece's compressed bytes, then the stream's end. */
export async function compressedPieces(coding: string, pieces: string[]): Promise<Buffer[]> {
  const stream = compressor(coding);
  const out: Buffer[] = [];
  let taken: Buffer[] = [];
  stream.on('data', (bytes: Buffer) => taken.push(bytes));
  const take = () => {
    const joined = Buffer.concat(taken);
    taken = [];
    return joined;
  };
  for (const piece of pieces) {
    stream.write(piece);
    await new Promise<void>((resolve) => stream.flush(() => resolve()));
    out.push(take());
  }
  await new Promise<void>((resolve) => stream.end(() => resolve()));
  out.push(take());
  return out;
}

let bombOnce: Buffer | undefined;
/** 64 MiB of spaces, gzipped: about 64 KiB on the wire. */
const bomb = () => (bombOnce ??= zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024, ' ')));

const closed = (res: ServerResponse) =>
  res.destroyed || res.closed ? Promise.resolve() : new Promise<void>((resolve) => res.once('close', () => resolve()));

/**
 * Answers the models this module scripts; false for any other. `linger-done`: the whole
 * answer, its terminal event included, then the connection held until the other side
 * closes it. `linger-mid`: the answer's first events, then held the same way.
 * `encoded-sse:<coding>`, `encoded-json:<coding>`: the answer streamed (each event
 * flushed) or whole, compressed with that coding. `encoded-bomb`: a gzipped body far
 * past the reply bound once inflated.
 */
export async function behaveScripted(model: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const protocol = protocolOfUrl(req.url);
  const sse = (headers: Record<string, string> = {}) => res.writeHead(200, { 'content-type': 'text/event-stream', ...headers });
  const [kind, coding = ''] = model.split(':');
  switch (kind) {
    case 'linger-done':
    case 'linger-mid': {
      const { before, terminal } = scriptedEvents(protocol);
      sse();
      res.write((kind === 'linger-done' ? [...before, ...terminal] : before).join(''));
      await closed(res);
      res.end();
      return true;
    }
    case 'encoded-sse': {
      const { before, terminal } = scriptedEvents(protocol);
      const pieces = await compressedPieces(coding, [...before, ...terminal]);
      sse({ 'content-encoding': coding });
      for (const piece of pieces.slice(0, -1)) res.write(piece);
      res.end(pieces.at(-1));
      return true;
    }
    case 'encoded-json': {
      const body = JSON.stringify(wholeBody(protocol));
      // Where this Node has no zstd, bytes that are not zstd say they are: the capture can only say it cannot read them.
      const bytes =
        coding === 'zstd' && !NODE_HAS_ZSTD ? zlib.gzipSync(body) : Buffer.concat(await compressedPieces(coding, [body]));
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding });
      res.end(bytes);
      return true;
    }
    case 'encoded-bomb':
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(bomb());
      return true;
    default:
      return false;
  }
}
