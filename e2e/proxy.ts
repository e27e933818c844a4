/**
 * The recording proxy as the specs use it: a request sent through it as an app pointed
 * at it would send one, and the capture it made, found by a word of the request's body.
 * Re-exported by support.ts; imports Playwright itself, not support.ts, so as not to loop.
 */
import { expect } from '@playwright/test';

type Body = Record<string, unknown>;

/** A word no other request of the run has: a capture's body, found by it. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A Chat Completions body, streamed with its usage, as an app sends one. */
export const chatBody = (model: string, text: string, more: Body = {}): Body => ({
  model,
  stream: true,
  stream_options: { include_usage: true },
  messages: [{ role: 'user', content: text }],
  ...more,
});

/**
 * Sends `body` to the proxy's `path` (`sim-openai/chat/completions`) and resolves to the
 * capture's id (the newest whose body has `marker`) as soon as it is listed, while the
 * answer may still stream; `done` resolves once the whole answer has been read.
 */
export async function proxySend(
  baseURL: string,
  path: string,
  body: Body,
  marker: string,
  headers: Record<string, string> = {},
): Promise<{ id: string; done: Promise<string> }> {
  const response = await fetch(`${baseURL}/proxy/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  const done = response.text();
  let id = '';
  await expect
    .poll(async () => {
      const page = (await (await fetch(`${baseURL}/api/captures?q=${encodeURIComponent(marker)}`)).json()) as {
        items: { id: string }[];
      };
      id = page.items[0]?.id ?? '';
      return id;
    })
    .not.toBe('');
  return { id, done };
}

/** Waits until the capture has ended and is stored whole. */
export async function captureEnded(baseURL: string, id: string): Promise<void> {
  await expect
    .poll(async () => ((await (await fetch(`${baseURL}/api/captures/${id}`)).json()) as { status: string }).status)
    .toBe('complete');
}

/**
 * Asks the simulator's sim-echo `text` through the proxy's Chat Completions (streamed, as
 * an app does) and resolves to its capture's id once the capture is complete. `marker`
 * is a word of `text` no other request has: the capture is found by it.
 */
export async function proxyAsk(baseURL: string, text: string, marker: string): Promise<string> {
  if (!text.includes(marker)) throw new Error(`proxyAsk: “${text}” does not hold its marker “${marker}”`);
  const { id, done } = await proxySend(baseURL, 'sim-openai/chat/completions', chatBody('sim-echo', text), marker);
  await done;
  await captureEnded(baseURL, id);
  return id;
}
