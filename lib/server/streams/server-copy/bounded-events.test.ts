import { expect, it } from 'vitest';
import { SseParser } from '@/lib/sse/parser';
import { readPackedEvents } from '@/lib/server/database/packed-events';
import { BoundedEvents } from './bounded-events';

it('keeps whole items up to the bound, then says the log was cut', async () => {
  const items = new SseParser().feed('data: ééé\n\ndata: 12345\n\ndata: more\n\n', 5);
  const events = new BoundedEvents(items[0]!.bytes + items[1]!.bytes);
  for (const item of items) events.record(item, [], [], undefined);
  expect(await readPackedEvents(events.stored())).toEqual({
    items: [
      { at: 5, raw: 'data: ééé\n\n' },
      { at: 5, raw: 'data: 12345\n\n' },
    ],
    truncated: true,
  });
  const roomy = new BoundedEvents(1 << 20);
  for (const item of items) roomy.record(item, [], [], undefined);
  expect(roomy.stored().truncated).toBe(false);
});
