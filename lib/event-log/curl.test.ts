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
