import { request as httpRequest } from 'node:http';
import { inject } from 'vitest';
import { StreamReader } from '@/lib/assemble/stream-reader';
import { bffMarkers, MARKER_NONCE_HEADER } from '@/lib/sse/bff-marker';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { Conversation } from '@/lib/server/store/types';
import type { UpstreamLogEntry } from './upstream';

export const base = inject('baseUrl');
export const upstreamUrl = inject('upstreamUrl');

export function postChat(body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(`${base}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  });
}

export const user = (content: string) => [{ role: 'user', content }];

/** The BFF's marker lines of this response (with its nonce), to compare the body against. */
export function markersOf(response: Response) {
  const nonce = response.headers.get(MARKER_NONCE_HEADER);
  if (!nonce) throw new Error(`no ${MARKER_NONCE_HEADER} header`);
  return bffMarkers(nonce);
}

/** Reads a whole /api/chat stream as a browser would, with the same decoding code. */
export async function readChat(response: Response) {
  const protocol = response.headers.get('x-sluice-protocol') as ProtocolId;
  const reader = new StreamReader(protocol, undefined, { markerNonce: response.headers.get(MARKER_NONCE_HEADER) ?? undefined });
  const started = performance.now();
  const chunks: { at: number; text: string }[] = [];
  const body = response.body!.getReader();
  const decoder = new TextDecoder();
  for (let r = await body.read(); !r.done; r = await body.read()) {
    const at = performance.now() - started;
    chunks.push({ at, text: decoder.decode(r.value, { stream: true }) });
    reader.push(r.value, at);
  }
  const text = chunks.map((c) => c.text).join('');
  return { text, chunks, message: reader.finish('ended', performance.now() - started), bffEnd: reader.bffEnd };
}

/** A conversation as stored; the turn is written while the stream runs, so allow it a moment. */
export async function conversation(id: string, origin = base): Promise<Conversation> {
  for (let i = 0; ; i++) {
    const response = await fetch(`${origin}/api/conversations/${id}`);
    if (response.ok) return (await response.json()) as Conversation;
    if (i >= 40) throw new Error(`GET conversation ${id}: ${response.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The stored reply, once the server has finished storing it. */
export async function storedReply(id: string, until = (m: { status: string }) => m.status !== 'streaming', origin = base) {
  for (let i = 0; i < 100; i++) {
    const c = await conversation(id, origin);
    const reply = c.messages.at(-1) as Conversation['messages'][number] & { status: string };
    if (reply.role === 'assistant' && until(reply)) return reply as Extract<Conversation['messages'][number], { text: string }>;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`reply of ${id} never settled`);
}

export async function upstreamLog(): Promise<UpstreamLogEntry[]> {
  return (await (await fetch(`${upstreamUrl}/_log`)).json()) as UpstreamLogEntry[];
}

/** A request with exactly these headers (Host and Origin included, which fetch will not forge), over plain HTTP. */
export function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: { ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A reply's stream from byte `from`, through `origin` (GET /api/chat/{id}/stream). */
export const joinStream = (origin: string, id: string, from: number) => fetch(`${origin}/api/chat/${id}/stream?from=${from}`);

export const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads a response's body until `enough` says so (given the bytes so far), then lets go of the connection. */
export async function readUntil(response: Response, enough: (bytes: number) => boolean): Promise<Buffer> {
  const reader = response.body!.getReader();
  const parts: Uint8Array[] = [];
  let length = 0;
  while (!enough(length)) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    length += value.byteLength;
  }
  await reader.cancel();
  return Buffer.concat(parts);
}
