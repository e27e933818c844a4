import { randomId, seededRandom, type Random } from '@/lib/seeded-random';
import { markdownReply, thinkingText } from './content';
import { parseSimOptions } from './options';
import { tokenize } from './tokenize';
import type { JsonSchema, SimRequest } from './request-types';
import { isTokenStep, type FinishReason, type SimPlan, type SimStep } from './steps';

const text = (pieces: string[]): SimStep[] => pieces.map((t) => ({ kind: 'text', text: t }));
const thinking = (pieces: string[]): SimStep[] => pieces.map((t) => ({ kind: 'thinking', text: t }));

export function planReply(request: SimRequest): SimPlan {
  const options = parseSimOptions(request.lastUserText);
  const random = seededRandom(options.seed);
  const plan = (steps: SimStep[], overrides: Partial<SimPlan> = {}): SimPlan =>
    limitTokens(
      { steps, tokensPerSecond: options.tps, firstTokenDelayMs: options.delay * 1000, seed: options.seed, ...overrides },
      request.maxTokens,
    );

  if (request.toolResults.length > 0) return plan([...text(toolResultAnswer(request.toolResults)), finish('stop')]);

  switch (request.model) {
    case 'sim-echo':
      return plan([...text(tokenize(request.lastUserText || '(an empty message)')), finish('stop')]);
    case 'sim-thinking':
      return plan([
        ...thinking(thinkingText(random, options.think)),
        ...text(markdownReply(random, options.tokens)),
        finish('stop'),
      ]);
    case 'sim-tools':
      return plan([...text(tokenize('Let me check that with a tool.')), ...toolCalls(random, request, 1), finish('tool_calls')]);
    case 'sim-tools-parallel':
      return plan([...text(tokenize('I will call two tools at once.')), ...toolCalls(random, request, 2), finish('tool_calls')]);
    case 'sim-fault-error':
      return plan([
        ...text(markdownReply(random, 24)),
        { kind: 'error', message: 'The simulator failed mid-stream, as asked (sim-fault-error).' },
      ]);
    case 'sim-fault-eof':
      return plan([...text(markdownReply(random, 24)), { kind: 'cut' }]);
    case 'sim-fault-stall': {
      const reply = text(markdownReply(random, options.tokens));
      const at = Math.max(1, Math.floor(reply.length / 3));
      return plan([...reply.slice(0, at), { kind: 'pause', ms: options.stall * 1000 }, ...reply.slice(at), finish('stop')]);
    }
    case 'sim-fault-keepalive':
      return plan(withKeepAlives(text(markdownReply(random, Math.min(options.tokens, 40)))), {
        tokensPerSecond: Math.min(options.tps, 20),
      });
    case 'sim-fault-malformed': {
      const reply = text(markdownReply(random, Math.min(options.tokens, 40)));
      return plan([...reply.slice(0, 10), { kind: 'malformed' }, ...reply.slice(10), finish('stop')]);
    }
    case 'sim-fault-slow-start':
      return plan([...text(markdownReply(random, Math.min(options.tokens, 60))), finish('stop')], {
        firstTokenDelayMs: (/\bdelay=/.test(request.lastUserText) ? options.delay : 3) * 1000,
      });
    default:
      return plan([...text(markdownReply(random, options.tokens)), finish('stop')]);
  }
}

const finish = (reason: FinishReason): SimStep => ({ kind: 'finish', reason });

function withKeepAlives(steps: SimStep[]): SimStep[] {
  const out: SimStep[] = [{ kind: 'keepalive' }, { kind: 'pause', ms: 150 }, { kind: 'keepalive' }, { kind: 'pause', ms: 150 }];
  steps.forEach((step, i) => {
    out.push(step);
    if (i % 5 === 4) out.push({ kind: 'keepalive' });
  });
  out.push({ kind: 'keepalive' }, finish('stop'));
  return out;
}

/** Caps token steps at max tokens: the reply then ends with finish reason `length`. */
function limitTokens(plan: SimPlan, maxTokens: number | undefined): SimPlan {
  if (maxTokens === undefined) return plan;
  let used = 0;
  const steps: SimStep[] = [];
  for (const step of plan.steps) {
    if (isTokenStep(step) && ++used > maxTokens) return { ...plan, steps: [...steps, finish('length')] };
    steps.push(step);
  }
  return plan;
}

function toolResultAnswer(results: SimRequest['toolResults']): string[] {
  const parts = results.map((r) => `The \`${r.name}\` tool returned:\n\n\`\`\`\n${r.content}\n\`\`\``);
  return tokenize(`${parts.join('\n\n')}\n\nThat answers the question.`);
}

const PLACES = ['Reykjavík', 'Tōkyō', 'São Paulo', 'Zürich'];

function sampleValue(name: string, schema: JsonSchema | undefined, random: Random, n: number): unknown {
  if (schema?.enum && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  switch (type) {
    case 'number':
    case 'integer':
      return Math.floor(random() * 20) + n;
    case 'boolean':
      return true;
    case 'array':
      return [sampleValue(name, schema?.items, random, n)];
    case 'object':
      return sampleArgs(schema, random, n);
    default:
      return /city|location|place|town/i.test(name) ? PLACES[n % PLACES.length] : `${name} ${n + 1}`;
  }
}

function sampleArgs(schema: JsonSchema | undefined, random: Random, n: number): Record<string, unknown> {
  const props = schema?.properties ?? {};
  return Object.fromEntries(Object.entries(props).map(([key, prop]) => [key, sampleValue(key, prop, random, n)]));
}

const DEFAULT_TOOL = {
  name: 'get_weather',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
  },
} satisfies SimRequest['tools'][number];

/** Splits a string at awkward places (mid-key, mid-escape), never inside a code point. */
export function splitAwkwardly(value: string, random: Random): string[] {
  const chars = Array.from(value);
  const out: string[] = [];
  for (let i = 0; i < chars.length;) {
    const size = 1 + Math.floor(random() * 7);
    out.push(chars.slice(i, i + size).join(''));
    i += size;
  }
  return out;
}

function toolCalls(random: Random, request: SimRequest, count: number): SimStep[] {
  const steps: SimStep[] = [];
  for (let index = 0; index < count; index++) {
    const tool = request.tools[index] ?? request.tools[0] ?? DEFAULT_TOOL;
    const args = JSON.stringify(sampleArgs(tool.parameters, random, index));
    steps.push({ kind: 'tool-start', index, id: randomId(random, 24), name: tool.name });
    for (const piece of splitAwkwardly(args, random)) steps.push({ kind: 'tool-args', index, text: piece });
    steps.push({ kind: 'tool-end', index, args });
  }
  return steps;
}
