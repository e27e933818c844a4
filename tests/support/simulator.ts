import type { Server } from 'node:http';
import type { ProtocolId } from '@/lib/protocols/ids';
import { listen, serveFetch } from '@/lib/simulator/serve-fetch';
import { handleSimulatorRequest } from '@/lib/simulator/handler';
import { planReply } from '@/lib/simulator/plan';
import { readSimRequest } from '@/lib/simulator/wire-request';

/** Starts the simulator on an ephemeral loopback port, for tests and benchmarks. */
export async function startSimulator(): Promise<{ origin: string; server: Server; close: () => Promise<void> }> {
  const server = serveFetch(handleSimulatorRequest);
  const origin = await listen(server);
  return {
    origin,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a request's reply carries, according to the simulator's plan (not its wire bytes). */
export function plannedReply(protocol: ProtocolId, body: unknown, modelFromUrl?: string) {
  const plan = planReply(readSimRequest(protocol, { stream: true, ...(body as object) }, modelFromUrl));
  const text = plan.steps.flatMap((s) => (s.kind === 'text' ? [s.text] : [])).join('');
  const thinking = plan.steps.flatMap((s) => (s.kind === 'thinking' ? [s.text] : [])).join('');
  const toolCalls = plan.steps.flatMap((s) =>
    s.kind === 'tool-end' ? [{ index: s.index, args: JSON.parse(s.args) as unknown }] : [],
  );
  const toolNames = plan.steps.flatMap((s) => (s.kind === 'tool-start' ? [s.name] : []));
  const outputTokens = plan.steps.filter((s) => s.kind === 'text' || s.kind === 'thinking' || s.kind === 'tool-args').length;
  const finish = plan.steps.find((s) => s.kind === 'finish');
  return { text, thinking, toolCalls, toolNames, outputTokens, finish: finish?.kind === 'finish' ? finish.reason : undefined };
}
