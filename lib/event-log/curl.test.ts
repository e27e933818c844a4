import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bffMarkers } from '@/lib/sse/bff-marker';
import { curlCommand } from './curl';
import { EventLog } from './event-log';
import { importStream } from './import';
import { readIntoLog } from './read-into-log';
import { requestBodyText, withWholeBody } from './request-body';

/** A capture someone hands you: its own upstream marker, with shell in every field it can reach. */
const hostileCapture = [
  bffMarkers('0123456789abcdef').open,
  bffMarkers('0123456789abcdef').upstream({
    request: {
      method: 'POST$(touch pwned-method)',
      url: 'https://api.example/v1/chat/completions?x=$(touch pwned-url)\'"`touch pwned-tick`',
      headers: {
        'x-ok': 'fine $(touch pwned-value) `touch pwned-value2`',
        'x-$(touch pwned-name)': 'v',
        'x-evil"; touch pwned-quote; echo "': 'v',
        authorization: '[redacted]',
        'helicone-auth': '[redacted]',
        "x-sq'$(touch pwned-sq)": '[redacted]',
      },
      body: { note: "it's $(touch pwned-body)" },
    },
    response: { status: 200, headers: {} },
    apiKeyEnv: 'KEY$(touch pwned-env)',
  }),
  'data: {"choices":[{"index":0,"delta":{"content":"hi"}}]}\n\ndata: [DONE]\n\n',
].join('');

describe('copy as curl', () => {
  it('is safe to paste: a hostile capture’s command, run by bash, runs nothing but curl', () => {
    const stream = importStream(hostileCapture);
    const log = new EventLog(stream.protocol, 'capture');
    readIntoLog(log, stream.chunks);
    const command = curlCommand(log.exchange!);
    const dir = mkdtempSync(join(tmpdir(), 'sluice-curl-'));
    // A stand-in curl that writes down the arguments it was given.
    writeFileSync(join(dir, 'curl'), '#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done > args.txt\n');
    chmodSync(join(dir, 'curl'), 0o755);
    const run = spawnSync('bash', ['-c', command], {
      cwd: dir,
      env: { ...process.env, PATH: `${dir}:/usr/bin:/bin`, API_KEY: 'k1', HELICONE_AUTH: 'h1' },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    for (const name of [
      'pwned-method',
      'pwned-url',
      'pwned-tick',
      'pwned-value',
      'pwned-value2',
      'pwned-name',
      'pwned-quote',
      'pwned-body',
      'pwned-env',
      'pwned-sq',
    ])
      expect(existsSync(join(dir, name)), name).toBe(false);
    const args = readFileSync(join(dir, 'args.txt'), 'utf8').split('\n');
    expect(args).toContain('x-ok: fine $(touch pwned-value) `touch pwned-value2`');
    expect(args).toContain('authorization: Bearer k1'); // a bad variable name becomes API_KEY
    expect(args).toContain('helicone-auth: h1');
    expect(args.some((a) => a.includes('pwned-name') || a.includes('pwned-quote'))).toBe(false); // not HTTP tokens: dropped
    expect(args).toContain(`{"note":"it's $(touch pwned-body)"}`);
  });
});

describe('copy as curl, of a body the upstream marker cut', () => {
  const cut = {
    request: {
      method: 'POST',
      url: 'https://api.example/v1/chat/completions',
      headers: { authorization: '[redacted]' },
      body: '{"messages":[{"role":"user","content":"$(touch pwned-cut) aaaa',
      bodyBytes: '9\ntouch pwned-bytes' as unknown as number, // a hostile capture's field
      truncated: true as const,
    },
    response: { status: 200, headers: {} },
    messageId: 'r1',
  };
  const run = (command: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-curl-'));
    writeFileSync(join(dir, 'curl'), '#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done > args.txt\n');
    chmodSync(join(dir, 'curl'), 0o755);
    const result = spawnSync('bash', ['-c', command], {
      cwd: dir,
      env: { ...process.env, PATH: `${dir}:/usr/bin:/bin`, API_KEY: 'k1' },
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    expect(existsSync(join(dir, 'pwned-cut'))).toBe(false);
    expect(existsSync(join(dir, 'pwned-bytes'))).toBe(false);
    return readFileSync(join(dir, 'args.txt'), 'utf8').split('\n');
  };

  it('says so on a comment line before the command, and runs nothing but curl', () => {
    const command = curlCommand(cut);
    expect(command.split('\n')[0]).toMatch(
      /^# The upstream marker carries the first 62 bytes of this body, not all its bytes;.*sends only that start\.$/,
    );
    expect(run(command)).toContain(cut.request.body);
  });

  it('with the whole body fetched from the stored reply, sends all of it, exactly', () => {
    const whole = { messages: [{ role: 'user', content: `$(touch pwned-cut) ${'a'.repeat(20_000)}` }] };
    const command = curlCommand(withWholeBody(cut, whole));
    expect(command.startsWith('curl -N')).toBe(true);
    expect(run(command)).toContain(JSON.stringify(whole));
    expect(requestBodyText(withWholeBody(cut, whole))).toBe(JSON.stringify(whole, null, 2));
    expect(requestBodyText(cut)).toMatch(/^\{"messages".*aaaa…\n\n\(The upstream marker carries the first 62 bytes/s);
  });
});

describe('copy as curl, of a request captured by the proxy', () => {
  const captured = (body: string | undefined) => ({
    request: { method: body === undefined ? 'GET' : 'POST', url: 'https://api.example/v1/models', headers: {}, body },
    response: { status: 200, headers: {} },
  });

  it('sends a body given as text exactly as it is', () => {
    const text = '{"model": "m",\n  "stream": true}';
    expect(curlCommand(captured(text))).toBe(
      `curl -N -X POST 'https://api.example/v1/models' \\\n  --data-raw '{"model": "m",\n  "stream": true}'`,
    );
  });

  it('sends no body for a request without one', () => {
    expect(curlCommand(captured(undefined))).toBe(`curl -N -X GET 'https://api.example/v1/models'`);
  });
});
