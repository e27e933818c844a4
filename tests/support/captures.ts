import { expect } from 'vitest';
import type { CaptureDetail, CapturePage, CaptureSummary } from '@/lib/api/captures';
import { base } from './http';

/** A marker for a request's body, so that each test finds its own capture (the list's search reads request bodies). */
export const tag = () => `t${Math.random().toString(36).slice(2, 10)}`;

/** The newest capture whose request or reply holds `marker` and that matches, once it has ended (it is written after the exchange). */
export async function capturedWith(marker: string, match: (c: CaptureSummary) => boolean = () => true): Promise<CaptureDetail> {
  let found: CaptureSummary | undefined;
  await expect
    .poll(
      async () => {
        const page = (await (await fetch(`${base}/api/captures?q=${encodeURIComponent(marker)}`)).json()) as CapturePage;
        found = page.items.find((c) => match(c) && c.status !== 'streaming');
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return (await (await fetch(`${base}/api/captures/${found!.id}`)).json()) as CaptureDetail;
}
