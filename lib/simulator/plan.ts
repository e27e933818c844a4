import { randomId, seededRandom, type Random } from '@/lib/seeded-random';
import { markdownReply, thinkingText } from './content';
import { parseSimOptions, type SimOptions } from './options';
import { placesIn, questionOf } from './prompt-words';
import { tokenize } from './tokenize';
import type { JsonSchema, SimRequest } from './request-types';
import { isTokenStep, type FinishReason, type SimPlan, type SimStep } from './steps';

const text = (pieces: string[]): SimStep[] => pieces.map((t) => ({ kind: 'text', text: t }));
const thinking = (pieces: string[]): SimStep[] => pieces.map((t) => ({ kind: 'thinking', text: t }));

/**
 * Each scenario's own defaults, where its name asks for other than the markdown's: a fault
 * streams a little before it strikes, a slow start waits 3 s, keep-alives come between
 * slow tokens. What the message asks (`tokens=`, `tps=`, `delay=`) still wins.
 */
const MODEL_DEFAULTS: Record<string, Partial<SimOptions>> = {
  'sim-fault-error': { tokens: 24 },
  'sim-fault-eof': { tokens: 24 },
  'sim-fault-keepalive': { tokens: 40, tps: 20 },
  'sim-fault-malformed': { tokens: 40 },
  'sim-fault-slow-start': { tokens: 60, delay: 3 },
};

/**
 * The seed of a stream's ids (the response's, its tool calls', its obfuscation padding):
 * new for every request, as a provider's are, so two logs side by side do not share
 * them; the `seed=` of a message that names one, so that request plays the same bytes again.
 */
function idSeed(text: string, seed: number): number {
  return /\bseed=\d/.test(text) ? seed + 7 : crypto.getRandomValues(new Uint32Array(1))[0]! >>> 1;
}

export function planReply(request: SimRequest): SimPlan {
  const options = parseSimOptions(request.lastUserText, MODEL_DEFAULTS[request.model]);
  const random = seededRandom(options.seed);
  const wireSeed = idSeed(request.lastUserText, options.seed);
  const plan = (steps: SimStep[], overrides: Partial<SimPlan> = {}): SimPlan =>
    limitTokens(
      {
        steps,
        tokensPerSecond: options.tps,
        firstTokenDelayMs: options.delay * 1000,
        seed: options.seed,
        wireSeed,
        ...overrides,
      },
      request.maxTokens,
    );
  const calls = (count: number) => toolCalls(random, seededRandom(wireSeed ^ 0x5bd1e995), request, count);

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
      return plan([...text(tokenize('Let me check that with a tool.')), ...calls(1), finish('tool_calls')]);
    case 'sim-tools-parallel':
      return plan([...text(tokenize('I will call two tools at once.')), ...calls(2), finish('tool_calls')]);
    case 'sim-fault-error':
      return plan([
        ...text(markdownReply(random, options.tokens)),
        { kind: 'error', message: 'The simulator failed mid-stream, as asked (sim-fault-error).' },
      ]);
    case 'sim-fault-eof':
      return plan([...text(markdownReply(random, options.tokens)), { kind: 'cut' }]);
    case 'sim-fault-stall': {
      const reply = text(markdownReply(random, options.tokens));
      const at = Math.max(1, Math.floor(reply.length / 3));
      return plan([...reply.slice(0, at), { kind: 'pause', ms: options.stall * 1000 }, ...reply.slice(at), finish('stop')]);
    }
    case 'sim-fault-keepalive':
      return plan(withKeepAlives(text(markdownReply(random, options.tokens))));
    case 'sim-fault-malformed': {
      const reply = text(markdownReply(random, options.tokens));
      return plan([...reply.slice(0, 10), { kind: 'malformed' }, ...reply.slice(10), finish('stop')]);
    }
    case 'sim-fault-slow-start':
      return plan([...text(markdownReply(random, options.tokens)), finish('stop')]);
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

/** Places for a call whose prompt names none. */
const PLACES = ['Reykjavík', 'Tōkyō', 'São Paulo', 'Zürich'];

/** What the prompt gives a call's arguments: the places it names, and the question itself. */
interface Asked {
  places: string[];
  question: string;
}

/** Call `n`'s place: the n-th the prompt names, else its first (two calls about one place), else one of ours. */
const placeFor = (asked: Asked, n: number) => asked.places[n] ?? asked.places[0] ?? PLACES[n % PLACES.length]!;

function sampleValue(name: string, schema: JsonSchema | undefined, random: Random, n: number, asked: Asked): unknown {
  if (schema?.enum && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  switch (type) {
    case 'number':
    case 'integer':
      return Math.floor(random() * 20) + n;
    case 'boolean':
      return true;
    case 'array':
      return [sampleValue(name, schema?.items, random, n, asked)];
    case 'object':
      return sampleArgs(schema, random, n, asked);
    default:
      if (/city|location|place|town|country|region/i.test(name)) return placeFor(asked, n);
      if (/^(q|query|question|search|prompt|text|input)$/i.test(name) && asked.question) return asked.question.slice(0, 200);
      return `${name} ${n + 1}`;
  }
}

function sampleArgs(schema: JsonSchema | undefined, random: Random, n: number, asked: Asked): Record<string, unknown> {
  const props = schema?.properties ?? {};
  return Object.fromEntries(Object.entries(props).map(([key, prop]) => [key, sampleValue(key, prop, random, n, asked)]));
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

/**
 * `count` calls of the request's tools (else get_weather), their arguments about what the
 * prompt asks (its places, its question), drawn from the content's `random`; their ids
 * from the stream's own (`ids`: new per request, see idSeed).
 */
function toolCalls(random: Random, ids: Random, request: SimRequest, count: number): SimStep[] {
  const steps: SimStep[] = [];
  const asked = { places: placesIn(request.lastUserText), question: questionOf(request.lastUserText) };
  for (let index = 0; index < count; index++) {
    const tool = request.tools[index] ?? request.tools[0] ?? DEFAULT_TOOL;
    const args = JSON.stringify(sampleArgs(tool.parameters, random, index, asked));
    steps.push({ kind: 'tool-start', index, id: randomId(ids, 24), name: tool.name });
    for (const piece of splitAwkwardly(args, random)) steps.push({ kind: 'tool-args', index, text: piece });
    steps.push({ kind: 'tool-end', index, args });
  }
  return steps;
}
