import 'server-only';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';

/**
 * One HTTP exchange as the proxy sees it, whichever server carries it: Node's own
 * (the lean path, `lean-path.ts`) or a Next.js route (the fallback, `app/proxy`).
 */
export interface ProxyIo {
  method: string;
  /** The path and query, from `/proxy/`. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The request's body, for methods that have one. */
  body?: Readable;
  writeHead(status: number, headers: OutgoingHttpHeaders): void;
  /** Sends the head now, before any of the body (where the head is otherwise sent with the first write). */
  flushHead?(): void;
  /** False: wait for onDrain before writing more. */
  write(chunk: Buffer): boolean;
  end(): void;
  /** Breaks the connection: the upstream broke mid-body, and the app must not take a cut body for a whole one. */
  destroy(): void;
  onDrain(listener: () => void): void;
  /** The app closed its connection before the answer ended. */
  onClose(listener: () => void): void;
}
