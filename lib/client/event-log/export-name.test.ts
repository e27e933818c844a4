import { describe, expect, it } from 'vitest';
import { fileStamp, uuidv7Time } from '@/lib/api/file-names';
import { EventLog } from '@/lib/event-log/event-log';
import { replyExportName } from './export-name';

type Reply = NonNullable<Parameters<typeof replyExportName>[1]>;

const reply = (fields: Partial<Reply> & { requestStart?: number }): Reply =>
  ({
    id: 'local-1',
    role: 'assistant',
    model: 'sim-markdown',
    provider: 'sim-openai',
    figures: { requestStart: fields.requestStart },
    ...fields,
  }) as unknown as Reply;

describe('export file names', () => {
  it('stamp a moment to the second, in UTC, safe in a file name', () => {
    expect(fileStamp('2026-11-28T05:08:19.512Z')).toBe('2026-11-28T05-08-19Z');
    expect(fileStamp(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02T03-04-05Z');
    expect(fileStamp('not a date')).toBeUndefined();
  });

  it('read the moment a UUIDv7 was made, and nothing from other ids', () => {
    expect(uuidv7Time('019ac8e1-52a0-7000-8000-000000000000')).toBe(0x019ac8e152a0);
    expect(uuidv7Time('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(uuidv7Time('cassette-0')).toBeUndefined();
  });

  it('name a reply’s log by its model and its request’s time, never the export’s', () => {
    const log = new EventLog('openai-chat');
    const at = Date.UTC(2026, 10, 28, 5, 8, 19);
    expect(replyExportName(log, reply({ requestStart: at }))).toBe('sluice-sim-markdown-2026-11-28T05-08-19Z');
    // Not yet stored: its server id (a UUIDv7) says when.
    const streamId = '019ac8e1-52a0-7000-8000-000000000000';
    expect(replyExportName(log, reply({ streamId, stored: true } as Partial<Reply>))).toBe(
      `sluice-sim-markdown-${fileStamp(0x019ac8e152a0)}`,
    );
    expect(replyExportName(log, reply({ model: 'openai/gpt-4o:latest' }))).toBe('sluice-openai-gpt-4o-latest');
    expect(replyExportName(log, reply({ imported: 'capture one.sse' }))).toBe('sluice-capture-one');
    expect(replyExportName(new EventLog('gemini'), undefined)).toBe('sluice-gemini');
  });
});
