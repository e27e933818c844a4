import { expect, it } from 'vitest';
import fc from 'fast-check';
import { packEvents, unpackEvents } from './packed-events';

it('unpacks to the very items it packed, whatever their characters', () => {
  const item = fc.record({ at: fc.oneof(fc.nat(), fc.double({ min: 0, max: 1e6, noNaN: true })), raw: fc.string({ unit: 'grapheme' }) });
  fc.assert(
    fc.property(fc.array(item), fc.boolean(), (items, truncated) => {
      expect(unpackEvents(packEvents({ items, truncated }))).toEqual({ items, truncated });
    }),
  );
});

it('keeps astral characters whole across item boundaries', () => {
  const items = [{ at: 1, raw: 'data: 😀\n\n' }, { at: 2, raw: 'data: 𝄞x\n\n' }];
  expect(unpackEvents(packEvents({ items, truncated: false })).items).toEqual(items);
});
