import { expect, it } from 'vitest';
import fc from 'fast-check';
import { packEvents, readPackedEvents } from './packed-events';

it('unpacks to the very items it packed, whatever their characters', async () => {
  const item = fc.record({
    at: fc.oneof(fc.nat(), fc.double({ min: 0, max: 1e6, noNaN: true })),
    raw: fc.string({ unit: 'grapheme' }),
  });
  await fc.assert(
    fc.asyncProperty(fc.array(item), fc.boolean(), async (items, truncated) => {
      expect(await readPackedEvents(packEvents({ items, truncated }))).toEqual({ items, truncated });
    }),
  );
});

it('keeps astral characters whole across item boundaries', async () => {
  const items = [
    { at: 1, raw: 'data: 😀\n\n' },
    { at: 2, raw: 'data: 𝄞x\n\n' },
  ];
  expect((await readPackedEvents(packEvents({ items, truncated: false }))).items).toEqual(items);
});
