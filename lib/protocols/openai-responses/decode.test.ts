/**
 * The Responses decoder, read through the assembler: a quirk from the gateways' own
 * streaming documents (the five seed documents). The recordings table
 * (lib/assemble/recordings.test.ts) checks every recorded Responses stream.
 */
import { describe, expect, it } from 'vitest';
import { assembleRecording } from '@/lib/assemble/assemble-recording';
import type { ProtocolId } from '@/lib/protocols/ids';

const run = (protocol: ProtocolId, text: string) => assembleRecording(protocol, text);

describe('gateway quirks', () => {
  it('EOF without a terminal marker is truncated (NanoGPT)', () => {
    expect(run('openai-responses', 'data: {"type":"response.output_text.delta","delta":"cut"}\n\n').status).toBe('truncated');
  });
});
