import type { Page } from '@playwright/test';

/**
 * Makes this Chromium Safari as far as following a stream's tail goes: no scroll
 * anchoring, and the page's test for it (CSS.supports) says so.
 */
export async function withoutScrollAnchoring(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const supports = CSS.supports.bind(CSS) as (...args: string[]) => boolean;
    CSS.supports = ((...args: string[]) => !args[0]!.includes('overflow-anchor') && supports(...args)) as typeof CSS.supports;
    document.addEventListener('DOMContentLoaded', () => document.head.append(Object.assign(document.createElement('style'), { textContent: '* { overflow-anchor: none !important; }' })));
  });
}
