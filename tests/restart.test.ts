import { once } from 'node:events';
import { expect, it } from 'vitest';
import type { CaptureDetail, CapturePage } from '@/lib/api/captures';
import { CAPTURE_INTERRUPTED, INTERRUPTED } from '@/lib/server/store';
import type { Conversation } from '@/lib/server/store/types';
import { startNextServer, type RunningServer } from './support/next-server';

async function replyStatus(server: RunningServer, id: string): Promise<Conversation['messages'][number] | undefined> {
  const response = await fetch(`${server.origin}/api/conversations/${id}`);
  return response.ok ? ((await response.json()) as Conversation).messages[1] : undefined;
}

it('a reply cut off by a killed server is stored as an error when the server starts again', async () => {
  let server = await startNextServer({ SLUICE_CONFIG: '' });
  try {
    const response = await fetch(`${server.origin}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        provider: 'sim-openai',
        model: 'sim-markdown',
        messages: [{ role: 'user', content: 'tokens=5000 tps=50 delay=0' }],
      }),
    });
    const id = response.headers.get('x-conversation-id')!;
    await response.body!.getReader().read();
    await expect
      .poll(async () => (await replyStatus(server, id)) as unknown, { timeout: 5000 })
      .toMatchObject({ status: 'streaming' });

    // No graceful shutdown: nothing gets to store how the reply ended.
    const exited = once(server.process, 'exit');
    server.process.kill('SIGKILL');
    await exited;
    server = await startNextServer({ SLUICE_CONFIG: '', SLUICE_DATA_DIR: server.dataDir });

    expect(await replyStatus(server, id)).toMatchObject({ status: 'error', error: { message: INTERRUPTED } });
  } finally {
    await server.stop();
  }
}, 120_000);

/** Starts a long stream through the proxy and reads its first bytes. */
async function proxiedStream(server: RunningServer): Promise<void> {
  const response = await fetch(`${server.origin}/proxy/sim-openai/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'sim-markdown',
      stream: true,
      messages: [{ role: 'user', content: 'tokens=5000 tps=50 delay=0' }],
    }),
  });
  await response.body!.getReader().read();
  await expect
    .poll(async () => ((await (await fetch(`${server.origin}/api/captures`)).json()) as CapturePage).items[0]?.status)
    .toBe('streaming');
}

async function onlyCapture(server: RunningServer): Promise<CaptureDetail> {
  const { items } = (await (await fetch(`${server.origin}/api/captures`)).json()) as CapturePage;
  expect(items).toHaveLength(1);
  return (await (await fetch(`${server.origin}/api/captures/${items[0]!.id}`)).json()) as CaptureDetail;
}

it('an exchange through the proxy is never left streaming: written interrupted as the server stops, or when it starts again after a kill', async () => {
  let server = await startNextServer({ SLUICE_CONFIG: '' });
  try {
    await proxiedStream(server);
    await server.stop(); // SIGTERM: the capture is written as it stood, its events with it
    server = await startNextServer({ SLUICE_CONFIG: '', SLUICE_DATA_DIR: server.dataDir });
    const stopped = await onlyCapture(server);
    expect(stopped).toMatchObject({ status: 'interrupted', error: CAPTURE_INTERRUPTED, httpStatus: 200 });
    expect(stopped.events!.items.length).toBeGreaterThan(0);
    await fetch(`${server.origin}/api/captures/${stopped.id}`, { method: 'DELETE' });

    await proxiedStream(server);
    const exited = once(server.process, 'exit');
    server.process.kill('SIGKILL');
    await exited;
    server = await startNextServer({ SLUICE_CONFIG: '', SLUICE_DATA_DIR: server.dataDir });
    expect(await onlyCapture(server)).toMatchObject({ status: 'interrupted', error: CAPTURE_INTERRUPTED });
  } finally {
    await server.stop();
  }
}, 120_000);
