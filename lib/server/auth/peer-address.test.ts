import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { peerOf, stampPeer } from './peer-address';

const incoming = (remoteAddress: string | undefined, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

describe("a request's peer address", () => {
  it("is the socket's, whatever the client wrote in the header", () => {
    const request = incoming('10.0.0.5', { 'x-sluice-peer': 'anything 127.0.0.1' });
    stampPeer(request);
    expect(peerOf(new Headers(request.headers as Record<string, string>))).toBe('10.0.0.5');
  });

  it('is unknown for a header the process did not stamp', () => {
    expect(peerOf(new Headers({ 'x-sluice-peer': '0123456789abcdef0123456789abcdef 10.0.0.5' }))).toBeUndefined();
    expect(peerOf(new Headers({ 'x-sluice-peer': '10.0.0.5' }))).toBeUndefined();
    expect(peerOf(new Headers())).toBeUndefined();
  });

  it('drops a forged header when the socket has no address', () => {
    const request = incoming(undefined, { 'x-sluice-peer': 'forged 10.0.0.5' });
    stampPeer(request);
    expect(request.headers['x-sluice-peer']).toBeUndefined();
  });
});
