/**
 * The run store's side of continuity across instances (lib/server/proxy/runs/assign-run.ts
 * asks it when this process has not placed the run's requests itself): the active run a
 * request may be a subagent of is one that shares some of its kin, never any run at all.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@/lib/server/database/migrations';
import type { SqlClient } from '@/lib/server/database/sql-client';
import { uuidv7 } from '@/lib/server/platform/ids';
import { CaptureStore, type CaptureStart } from './capture-store';
import { connect } from './index';
import { RunStore } from './run-store';

const start = (id: string, runId: string, at: number, kin: string[]): CaptureStart => ({
  id,
  provider: 'sim-openai',
  method: 'POST',
  path: '/chat/completions',
  status: 'streaming',
  startedAt: new Date(at).toISOString(),
  protocol: 'openai-chat',
  sse: true,
  timings: {},
  run: { id: runId, lane: 0 },
  request: { method: 'POST', url: 'http://up/chat/completions', headers: {}, body: { text: '{}', bytes: 2, truncated: false } },
  response: { status: 200, headers: {} },
  owner: 'local',
  runPlace: { full: `full-${id}`, kin },
});

describe('RunStore.latestContinuity', () => {
  let sql: SqlClient;
  beforeAll(async () => {
    sql = await connect({ SLUICE_DATA_DIR: mkdtempSync(join(tmpdir(), 'sluice-run-store-')) });
    await migrate(sql);
  }, 120_000);
  afterAll(() => sql?.close());

  it('finds the newest active run that shares a kin hash; with none to share, none', async () => {
    const captures = new CaptureStore(sql);
    const runs = new RunStore(sql);
    const t = Date.now();
    const agent = await runs.create('local', 'agent', new Date(t).toISOString(), uuidv7(t));
    const weather = await runs.create('local', 'weather', new Date(t + 1).toISOString(), uuidv7(t + 1));
    await captures.start(start(uuidv7(t), agent, t, ['tool-read', 'system-agent']));
    await captures.start(start(uuidv7(t + 1000), weather, t + 1000, ['tool-weather']));
    const since = t - 60_000;
    expect((await runs.latestContinuity('local', since, ['tool-read', 'other']))?.runId).toBe(agent);
    expect((await runs.latestContinuity('local', since, ['tool-weather']))?.runId).toBe(weather);
    expect(await runs.latestContinuity('local', since, ['tool-unrelated'])).toBeUndefined();
    expect(await runs.latestContinuity('local', since, [])).toBeUndefined();
    // A request with no prompt (a model list): the newest active run, whichever.
    expect((await runs.latestContinuity('local', since))?.runId).toBe(weather);
  });
});
