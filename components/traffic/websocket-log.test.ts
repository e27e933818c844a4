import { describe, expect, it } from 'vitest';
import type { CaptureDetail } from '@/lib/api/captures';
import { webSocketLog } from './websocket-log';

const capture = (webSocket?: NonNullable<CaptureDetail['response']>['webSocket']) =>
  ({
    protocol: 'openai-responses',
    response: { status: 101, headers: {}, ...(webSocket ? { webSocket } : {}) },
  }) as CaptureDetail;

describe("a capture's WebSocket messages as a log", () => {
  it('one row a message, in order: its direction, time, gap, size and data', () => {
    const log = webSocketLog(
      capture({
        truncated: true,
        messages: [
          { type: 'send', at: -40, opcode: 1, data: '{"type":"response.processed"}' },
          { type: 'send', at: 0, opcode: 1, data: '{"type":"response.create","input":"é"}' },
          { type: 'receive', at: 12.5, opcode: 2, data: Buffer.from([1, 2, 3, 4]).toString('base64') },
        ],
      }),
    )!;
    expect(log.entries.map((e) => [e.seq, e.name, e.at, e.gap, e.size])).toEqual([
      [0, '↑ sent', -40, 0, 29],
      [1, '↑ sent', 0, 40, 39],
      [2, '↓ received binary', 12.5, 12.5, 4],
    ]);
    expect(log.names()).toEqual(['↑ sent', '↓ received binary']);
    expect(log.truncated).toBe(true);
    expect(log.ended).toBe(true);
  });

  it('none for a capture that is no open WebSocket’s', () => {
    expect(webSocketLog(capture())).toBeUndefined();
  });
});
