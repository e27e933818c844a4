import { once } from 'node:events';
import { expect, it } from 'vitest';
import { INTERRUPTED } from '@/lib/server/store';
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
