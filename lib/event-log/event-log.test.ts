import { describe, expect, it } from 'vitest';
import { bffMarkers } from '@/lib/sse/bff-marker';
import { fixtures } from '@/tests/support/fixtures';
import { curlCommand } from './curl';
import { EventLog, matches } from './event-log';
import { toJsonl, toSse } from './export';
import { ImportError, importStream } from './import';
import { readIntoLog } from './read-into-log';

/** Reads text through a StreamReader into a log, a chunk at a time, as the browser does. */
function logOf(protocol: ConstructorParameters<typeof EventLog>[0], chunks: { at: number; raw: string }[]) {
  const log = new EventLog(protocol);
  return { log, message: readIntoLog(log, chunks) };
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('the event log, on every recording', () => {
  it.each(fixtures().map((f) => [f.file, f] as const))(
    '%s: rows rebuild the bytes; export and import give the same log and reply',
    (_file, fixture) => {
      const raw = text(fixture.bytes).replace(/^\uFEFF/, '');
      // Split into arbitrary chunks with rising clocks: row boundaries must not depend on them.
      const chunks = Array.from({ length: Math.ceil(raw.length / 97) }, (_, i) => ({
        at: i * 3,
        raw: raw.slice(i * 97, i * 97 + 97),
      }));
      const { log, message } = logOf(fixture.protocol, chunks);
      expect(toSse(log)).toBe(raw);
      expect(log.entries.map((e) => e.seq)).toEqual(log.entries.map((_, i) => i));
      for (const [i, e] of log.entries.entries()) expect(e.gap).toBe(e.at - (log.entries[i - 1]?.at ?? 0));
      expect(log.sawTerminal).toBe(
        message.status === 'complete' || message.status === 'error' ? log.entries.some((e) => e.terminal) : false,
      );

      const fromSse = importStream(toSse(log));
      expect(fromSse.protocol).toBe(fixture.protocol);
      expect(fromSse.timed).toBe(false);
      // With the reply's figures and cost as its last line (the page's export): the import skips it.
      const summary = { kind: 'reply', clock: 'server', ttftMs: 12, cost: { usd: 0.01 } };
      const exported = toJsonl(log, summary);
      expect(JSON.parse(exported.trimEnd().split('\n').at(-1)!)).toEqual(summary);
      const fromJsonl = importStream(exported);
      expect(fromJsonl.protocol).toBe(fixture.protocol);
      const again = logOf(fromJsonl.protocol, fromJsonl.chunks);
      expect(again.log.entries.map((e) => [e.raw, e.at, e.name, e.terminal])).toEqual(
        log.entries.map((e) => [e.raw, e.at, e.name, e.terminal]),
      );
      expect(again.message.text).toBe(message.text);
      expect(again.message.toolCalls.map((c) => c.argsText)).toEqual(message.toolCalls.map((c) => c.argsText));
    },
  );
});

describe('rows', () => {
  const stream = [
    ': sluice open\n',
    bffMarkers('').upstream({
      request: {
        method: 'POST',
        url: 'https://api.example/v1/chat/completions',
        headers: { authorization: '[redacted]', 'content-type': 'application/json' },
        body: { model: 'm', note: "it's" },
      },
      response: { status: 200, headers: {} },
      apiKeyEnv: 'EXAMPLE_KEY',
    }),
    'data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\n',
    ': ping\n\n',
    'data: {not json\n\n',
    'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n',
    'data: [DONE]\n\n',
    ': sluice end {"reason":"upstream-eof"}\n',
  ];
  const { log } = logOf(
    'openai-chat',
    stream.map((raw, i) => ({ at: i * 10, raw })),
  );

  it('mark the BFF’s lines, pings, malformed and terminal events, and link text to its part', () => {
    const by = (name: string) => log.entries.filter((e) => e.name === name);
    expect(log.entries.map((e) => e.name)).toEqual([
      'sluice open',
      'sluice upstream',
      'message',
      'comment',
      'message',
      'message',
      'message',
      'sluice end',
    ]);
    expect(by('sluice open')[0]).toMatchObject({ bff: true, ping: true });
    expect(by('comment')[0]).toMatchObject({ bff: false, ping: true });
    expect(log.entries[2]).toMatchObject({ parts: [0], malformed: false });
    expect(log.entries[4]).toMatchObject({ malformed: true });
    expect(log.entries[6]).toMatchObject({ terminal: true, data: '[DONE]' });
    expect(log.exchange?.request.url).toBe('https://api.example/v1/chat/completions');
  });

  it('say what the BFF’s lines mean: a complete reply’s end is no error', () => {
    expect(log.entries.at(-1)!.note).toBe('End: the stream is complete (the upstream closed it after its terminal event)');
    expect(log.entries[0]!.note).toBe('Sluice: the upstream answered; its stream follows');
    expect(log.entries[1]!.note).toBe('Sluice: the request sent upstream, and its answer (200)');
    expect(log.entries[2]!.note).toBeUndefined();
    // Closed before its terminal event (sim-fault-eof), or ended by Sluice: said so.
    const cut = logOf(
      'openai-chat',
      [stream[0]!, stream[2]!, stream.at(-1)!].map((raw, i) => ({ at: i, raw })),
    ).log;
    expect(cut.entries.at(-1)!.note).toBe('End: the upstream closed its stream before its terminal event');
    const idle = ': sluice end {"reason":"upstream-idle","message":"No bytes for 120 s."}\n';
    const stalled = logOf(
      'openai-chat',
      [stream[0]!, stream[2]!, idle].map((raw, i) => ({ at: i, raw })),
    ).log;
    expect(stalled.entries.at(-1)!.note).toBe(
      'End: the upstream went silent past the idle limit, so Sluice ended the reply: No bytes for 120 s.',
    );
  });

  it('filter by name, text and pings', () => {
    expect(log.entries.filter((e) => matches(e, { showPings: false })).map((e) => e.seq)).toEqual([2, 4, 5, 6]);
    expect(log.entries.filter((e) => matches(e, { showPings: true, text: 'DONE' })).map((e) => e.seq)).toEqual([6]);
    expect(log.entries.filter((e) => matches(e, { showPings: true, name: 'sluice end' })).map((e) => e.seq)).toEqual([7]);
  });

  it('copy as curl with the key as the provider’s variable, never a value', () => {
    const curl = curlCommand(log.exchange!);
    expect(curl).toContain(`curl -N -X POST 'https://api.example/v1/chat/completions'`);
    expect(curl).toContain(`-H 'authorization: Bearer '"$EXAMPLE_KEY"`);
    expect(curl).toContain(`--data-raw '{"model":"m","note":"it'\\''s"}'`);
    expect(curl).not.toContain('[redacted]');
  });
});

describe('import refuses what it cannot read, saying why', () => {
  it.each([
    ['', 'The file is empty.'],
    ['hello world\n', 'No SSE events found'],
    ['data: {"foo":1}\n\n', 'Cannot tell which wire protocol'],
    ['{"at":1,"raw":"data: x\\n\\n"}\n{broken\n', 'Line 2 is not JSON'],
  ])('%j', (input, message) => {
    expect(() => importStream(input)).toThrow(ImportError);
    expect(() => importStream(input)).toThrow(message);
  });
});
