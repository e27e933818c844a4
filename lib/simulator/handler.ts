import type { ProtocolId } from '@/lib/protocols/ids';
import { MAX_BODY_BYTES } from '@/lib/api/chat';
import { ApiError } from '@/lib/http/api-error';
import { readLimited } from '@/lib/http/limited-body';
import { sseResponse } from '@/lib/http/sse';
import { SIM_MODELS, findSimModel } from '@/lib/providers/simulator-models';
import { seededRandom } from '@/lib/seeded-random';
import { badGatewayHtml, httpErrorResponse, simulatedFaultMessage } from './http-errors';
import { pacePlan, sleep } from './pace';
import { wholeReply } from './whole-reply';
import type { EncoderContext } from './encoder-types';
import { planReply } from './plan';
import { SIM_PROTOCOLS } from './protocols';
import { SimRequestError } from './request-types';
import type { SimPlan } from './steps';
import { readSimRequest } from './wire-request';

/** Each route the simulator answers, by the end of the URL path (any mount prefix works). */
const ROUTES: {
  method: string;
  pattern: RegExp;
  protocol: ProtocolId | 'models';
  family?: 'openai' | 'anthropic' | 'gemini';
  /** Gemini's non-streaming method: answered whole. */
  whole?: true;
}[] = [
  { method: 'POST', pattern: /\/openai\/v1\/chat\/completions$/, protocol: 'openai-chat' },
  { method: 'POST', pattern: /\/openai\/v1\/responses$/, protocol: 'openai-responses' },
  { method: 'POST', pattern: /\/anthropic\/v1\/messages$/, protocol: 'anthropic-messages' },
  { method: 'POST', pattern: /\/gemini\/v1beta\/models\/([^/:]+):streamGenerateContent$/, protocol: 'gemini' },
  { method: 'POST', pattern: /\/gemini\/v1beta\/models\/([^/:]+):generateContent$/, protocol: 'gemini', whole: true },
  { method: 'GET', pattern: /\/openai\/v1\/models$/, protocol: 'models', family: 'openai' },
  { method: 'GET', pattern: /\/anthropic\/v1\/models$/, protocol: 'models', family: 'anthropic' },
  { method: 'GET', pattern: /\/gemini\/v1beta\/models$/, protocol: 'models', family: 'gemini' },
];

/** The simulator as a standard fetch handler: mounted in Next.js and in a plain Node server alike. */
export async function handleSimulatorRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const route = ROUTES.find((r) => r.method === request.method && r.pattern.test(url.pathname));
  if (!route)
    return Response.json({ error: { message: `No simulator route for ${request.method} ${url.pathname}` } }, { status: 404 });
  if (route.protocol === 'models') return listModels(route.family!);

  const protocol = route.protocol;
  let body: unknown;
  try {
    body = JSON.parse(await readLimited(request, MAX_BODY_BYTES));
  } catch (error) {
    if (error instanceof ApiError) return httpErrorResponse(protocol, error.status, error.message);
    return httpErrorResponse(protocol, 400, 'The request body is not valid JSON.');
  }
  try {
    const modelFromUrl = protocol === 'gemini' ? decodeURIComponent(url.pathname.match(route.pattern)![1]!) : undefined;
    if (protocol === 'gemini' && !route.whole && url.searchParams.get('alt') !== 'sse') {
      throw new SimRequestError(400, 'The simulator streams Gemini as SSE only: add ?alt=sse.');
    }
    const read = readSimRequest(protocol, body, modelFromUrl);
    const sim = route.whole ? { ...read, stream: false } : read;
    if (!findSimModel(sim.model))
      throw new SimRequestError(404, `The model \`${sim.model}\` does not exist in the Sluice simulator.`);

    const fault = sim.model.match(/^sim-fault-http-(\d{3})$/);
    if (fault) return httpErrorResponse(protocol, Number(fault[1]), simulatedFaultMessage(Number(fault[1]), sim.model));
    if (sim.model === 'sim-fault-non-sse') return badGatewayHtml();

    const plan = planReply(sim);
    const ctx: EncoderContext = {
      model: sim.model,
      inputTokens: sim.inputTokens,
      includeUsage: sim.includeUsage,
      random: seededRandom(plan.wireSeed),
      created: Math.floor(Date.now() / 1000),
    };
    if (!sim.stream) return await answeredWhole(protocol, plan, ctx, request.signal);
    return sseResponse(pacePlan(plan, SIM_PROTOCOLS[protocol].encoder(ctx), request.signal));
  } catch (error) {
    if (error instanceof SimRequestError) return httpErrorResponse(protocol, error.status, error.message);
    throw error;
  }
}

/** A request that did not ask to stream: the whole answer, once the stream would have ended. */
async function answeredWhole(protocol: ProtocolId, plan: SimPlan, ctx: EncoderContext, signal: AbortSignal): Promise<Response> {
  const whole = wholeReply(protocol, plan, ctx);
  await sleep(whole.durationMs, signal);
  if ('error' in whole) return httpErrorResponse(protocol, 500, whole.error);
  return Response.json(whole.body);
}

function listModels(family: 'openai' | 'anthropic' | 'gemini'): Response {
  const created = 1_767_225_600;
  switch (family) {
    case 'openai':
      return Response.json({
        object: 'list',
        data: SIM_MODELS.map((m) => ({ id: m.id, object: 'model', created, owned_by: 'sluice-simulator' })),
      });
    case 'anthropic':
      return Response.json({
        data: SIM_MODELS.map((m) => ({
          type: 'model',
          id: m.id,
          display_name: m.id,
          created_at: new Date(created * 1000).toISOString(),
        })),
        has_more: false,
        first_id: SIM_MODELS[0]!.id,
        last_id: SIM_MODELS.at(-1)!.id,
      });
    case 'gemini':
      return Response.json({
        models: SIM_MODELS.map((m) => ({
          name: `models/${m.id}`,
          displayName: m.id,
          description: m.description,
          supportedGenerationMethods: ['generateContent', 'streamGenerateContent'],
        })),
      });
  }
}
