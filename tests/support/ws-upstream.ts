import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';
import type { UpstreamLogEntry } from './upstream';

/** What the scripted WebSocket upstream saw and did on one connection, in the upstream's log (GET /_log). */
export interface WebSocketLogEntry extends UpstreamLogEntry {
  webSocket: {
    /** Messages it received (text as text, binary as base64) and sent, in order. */
    received: { data: string; binary: boolean }[];
    sent: { data: string; binary: boolean }[];
    pings: string[];
    close?: { code: number; reason: string };
  };
}

/** One response of the Responses API's WebSocket mode, as its SSE stream's events: the text in `deltas`, then its usage. */
export function responseEvents(id: string, model: string, deltas: string[]): object[] {
  const text = deltas.join('');
  const response = { id, object: 'response', model, status: 'in_progress', output: [] };
  const message = { id: `msg_${id}`, type: 'message', role: 'assistant', status: 'completed' };
  return [
    { type: 'response.created', sequence_number: 0, response },
    { type: 'response.output_item.added', output_index: 0, item: { ...message, status: 'in_progress', content: [] } },
    ...deltas.map((delta, i) => ({
      type: 'response.output_text.delta',
      sequence_number: i + 1,
      item_id: message.id,
      output_index: 0,
      content_index: 0,
      delta,
    })),
    {
      type: 'response.completed',
      response: {
        ...response,
        status: 'completed',
        output: [{ ...message, content: [{ type: 'output_text', text, annotations: [] }] }],
        usage: { input_tokens: 21, output_tokens: deltas.length, total_tokens: 21 + deltas.length },
      },
    },
  ];
}

/**
 * A scripted upstream of the Responses API's WebSocket mode, on the scripted HTTP
 * upstream's server (`/v1/responses`): each `response.create` is answered by its model's
 * script. Any other path refuses the upgrade with a 404, as
 * an API without WebSockets there does. Models: `ws-echo` (a response naming what it
 * was asked, in three deltas), `ws-big` (five binary messages of 1 MiB, then a response),
 * `ws-close` (closes with 4001 "done"); a binary message is sent back as it came.
 */
export function serveWebSocketUpstream(server: Server, log: UpstreamLogEntry[]): void {
  const sockets = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    handleProtocols: (offered) => [...offered][0] ?? false,
  });
  sockets.on('headers', (lines) => void lines.push('x-codex-turn-state: turn-42'));
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0]!;
    const entry: WebSocketLogEntry = {
      model: 'ws-upgrade',
      path: req.url ?? '',
      headers: req.headers,
      startedAt: Date.now(),
      webSocket: { received: [], sent: [], pings: [] },
    };
    log.push(entry);
    if (!path.endsWith('/v1/responses')) {
      const body = JSON.stringify({ error: { message: `No WebSocket at ${path}.`, type: 'invalid_request_error' } });
      socket.end(`HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => converse(ws, entry.webSocket));
  });
}

function converse(ws: WebSocket, seen: WebSocketLogEntry['webSocket']): void {
  let responses = 0;
  const send = (data: string | Buffer) => {
    const binary = typeof data !== 'string';
    seen.sent.push({ data: binary ? data.toString('base64') : data, binary });
    ws.send(data, { binary });
  };
  ws.on('ping', (data) => seen.pings.push(data.toString()));
  ws.on('close', (code, reason) => (seen.close = { code, reason: reason.toString() }));
  ws.on('message', (raw, binary) => {
    const data = raw as Buffer;
    seen.received.push({ data: binary ? data.toString('base64') : data.toString(), binary });
    if (binary) return send(data);
    const request = JSON.parse(data.toString()) as { type: string; model?: string; input?: string };
    if (request.type !== 'response.create') return;
    const id = `resp_${++responses}`;
    if (request.model === 'ws-close') return ws.close(4001, 'done');
    if (request.model === 'ws-big') for (let i = 0; i < 5; i++) send(Buffer.alloc(1 << 20, i));
    const words = `You said: ${request.input ?? ''}`.split(/(?= )/);
    for (const event of responseEvents(id, request.model ?? '', words)) send(JSON.stringify(event));
  });
}
