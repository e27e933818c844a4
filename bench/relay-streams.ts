/**
 * The relay bench's client side, shared by the other benches that stream through Sluice
 * (bench/stream-memory.ts, bench/proxy.ts, …): one streamed request timed event by event,
 * throughput over many, time to a GET's first byte, Sluice's /api/chat as a target, and
 * waiting for a server to go quiet. All requests go over one keep-alive agent.
 */
import { Agent, request } from 'node:http';
import { cpuSeconds } from './relay-peers';

const agent = new Agent({ keepAlive: true, maxSockets: 1000 });

export interface Target {
  name: string;
  /** Its path is sent as written (`/./proxy/…` stays so: bench/proxy.ts reaches the proxy's Next.js route by it). */
  url: string;
  body: (model: string) => string;
  /** Sent besides content-type. */
  headers?: Record<string, string>;
}

export interface Timing {
  headers: number;
  firstEvent: number;
  eventTimes: number[];
  events: number;
  /** A "stamped" stream's: each event's arrival less when the upstream wrote it, in ms. */
  delays?: number[];
}

const STAMP = /"id":"chatcmpl-(\d+\.\d+)"/;

/** One streamed request; event arrival times by counting "data: {" per chunk (and a "stamped" stream's delays). */
export function stream(
  target: Target,
  model: string,
  onOpen?: (close: () => void, headers: Record<string, unknown>) => void,
): Promise<Timing & { bytes: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const url = new URL(target.url);
    let answered = false;
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: target.url.slice(url.origin.length),
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', ...target.headers },
      },
      (res) => {
        answered = true;
        const timing: Timing & { bytes: number } = {
          headers: performance.now() - start,
          firstEvent: -1,
          eventTimes: [],
          events: 0,
          bytes: 0,
        };
        onOpen?.(() => req.destroy(), res.headers);
        const delays: number[] | undefined = model.startsWith('stamped-') ? (timing.delays = []) : undefined;
        let carry = '';
        res.on('data', (data: Buffer) => {
          timing.bytes += data.byteLength;
          const arrived = performance.now();
          const now = arrived - start;
          if (delays) {
            carry += data.toString('latin1');
            for (let end = carry.indexOf('\n\n'); end !== -1; end = carry.indexOf('\n\n')) {
              const stamp = STAMP.exec(carry.slice(0, end));
              if (stamp) delays.push(arrived - Number(stamp[1]));
              carry = carry.slice(end + 2);
            }
          }
          let count = 0;
          for (let i = data.indexOf('data: {'); i !== -1; i = data.indexOf('data: {', i + 1)) count++;
          for (let k = 0; k < count; k++) timing.eventTimes.push(now);
          timing.events += count;
          if (count > 0 && timing.firstEvent < 0) timing.firstEvent = now;
        });
        res.on('end', () => resolve(timing));
        res.on('error', (e) => (onOpen ? resolve(timing) : reject(e))); // held streams end by our own close
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed as it was reused (its idle timeout ran
      // out while the bench waited for quiet): sent again on another, as Node's documentation advises.
      if (!answered && req.reusedSocket && e.code === 'ECONNRESET') return resolve(stream(target, model, onOpen));
      if (onOpen) resolve({ headers: 0, firstEvent: 0, eventTimes: [], events: 0, bytes: 0 });
      else reject(e);
    });
    req.end(target.body(model));
  });
}

/** Time to the first byte of a GET's body (or its headers, for an empty one); the connection is let go once it came. */
export function firstByte(url: string): Promise<number> {
  const start = performance.now();
  return new Promise<number>((resolve, reject) => {
    const u = new URL(url);
    const req = request({ host: u.hostname, port: u.port, path: u.pathname + u.search, agent }, (res) => {
      res.once('data', () => {
        resolve(performance.now() - start);
        req.destroy();
      });
      res.once('end', () => resolve(performance.now() - start));
    });
    req.on('error', reject).end();
  });
}

export async function throughput(target: Target, concurrent: number, events: number): Promise<number> {
  const start = performance.now();
  const results = await Promise.all(Array.from({ length: concurrent }, () => stream(target, `burst-${events}`)));
  const total = results.reduce((n, r) => n + r.events, 0);
  return total / ((performance.now() - start) / 1000);
}

/** POST /api/chat of the Sluice at `origin`, asking the bench provider. */
export function sluiceTarget(origin: string): Target {
  return {
    name: 'sluice',
    url: `${origin}/api/chat`,
    body: (model) => JSON.stringify({ provider: 'bench', model, messages: [{ role: 'user', content: 'bench' }] }),
  };
}

/** Waits until a process stops spending CPU: work a stream leaves behind (decoding, storing) is part of its cost. */
export async function settled(pid: number): Promise<void> {
  for (let last = cpuSeconds(pid), i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 200));
    const now = cpuSeconds(pid);
    if (now - last < 0.02) return;
    last = now;
  }
}
