import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Provider } from '@/lib/providers/types';

const store = vi.hoisted(() => ({
  start: vi.fn(async () => undefined),
  end: vi.fn(async (): Promise<void> => undefined),
  fail: vi.fn(async () => undefined),
}));
vi.mock('@/lib/server/store/captures', () => ({ captureStore: async () => store }));
// No run: placing it is not what this test is about (and never stops a capture being written).
vi.mock('@/lib/server/store/runs', () => ({
  runStore: async () => ({ recentMembers: async () => [], create: async () => 'run' }),
}));
vi.mock('./captures/capture-feed', () => ({ captureWritten: () => undefined }));

const { CaptureRecorder } = await import('./capture-recorder');

const KEY = 'sk-up-0123456789abcdef';
const provider = { id: 'up', protocol: 'openai-chat', secrets: [KEY], headers: {} } as unknown as Provider;

describe('a capture whose last write fails', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is settled by a second, minimal write: how it ended and what went wrong (never a key), never left streaming', async () => {
    store.end.mockRejectedValueOnce(new Error(`invalid input syntax for type json near ${KEY}`));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const recorder = new CaptureRecorder({
      target: { provider, path: '/chat/completions', url: 'http://127.0.0.1:1/v1/chat/completions' },
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      url: '/proxy/up/chat/completions',
      owner: 'local',
      body: Buffer.from('{"model":"m"}'),
    });
    recorder.responded(200, { 'content-type': 'application/json' });
    recorder.responseChunk(Buffer.from('{"choices":[]}'));
    recorder.end('complete');
    await recorder.written;
    expect(store.start).toHaveBeenCalledTimes(1);
    expect(store.fail).toHaveBeenCalledWith(
      recorder.id,
      'complete',
      'Sluice could not store this exchange whole (invalid input syntax for type json near [redacted]).',
    );
    expect(errors.mock.calls.flat().join('\n')).not.toContain(KEY);
  });
});
