import type { ProtocolId } from '@/lib/protocols/ids';
import { randomId } from '@/lib/seeded-random';
import { TokenCounter, type EncoderContext } from './encoder-types';
import { STOP_REASONS as ANTHROPIC_STOP_REASONS } from './anthropic-messages/encoder';
import { FINISH as GEMINI_FINISH } from './gemini/encoder';
import type { FinishReason, SimPlan } from './steps';

/** What a plan says once played out: its thinking, text and tool calls, how it ended, its tokens. */
interface Folded {
  thinking: string;
  text: string;
  tools: { id: string; name: string; args: string }[];
  finish: FinishReason;
  /** A failure the stream would have sent mid-way: the whole answer is that error instead. */
  error?: string;
  /** Counted as the stream's encoders count them. */
  tokens: TokenCounter;
  /** How long the stream would have taken: the whole answer comes after it. */
  durationMs: number;
}

function fold(plan: SimPlan): Folded {
  const out: Folded = { thinking: '', text: '', tools: [], finish: 'stop', tokens: new TokenCounter(), durationMs: 0 };
  let pauses = 0;
  for (const step of plan.steps) {
    out.tokens.count(step);
    if (step.kind === 'thinking') out.thinking += step.text;
    else if (step.kind === 'text') out.text += step.text;
    else if (step.kind === 'tool-start') out.tools[step.index] = { id: step.id, name: step.name, args: '' };
    else if (step.kind === 'tool-end') out.tools[step.index]!.args = step.args;
    else if (step.kind === 'pause') pauses += step.ms;
    else if (step.kind === 'finish') out.finish = step.reason;
    else if (step.kind === 'error') out.error = step.message;
    else if (step.kind === 'cut') out.error = 'The simulated reply was cut off before its end.';
    if (step.kind === 'finish' || step.kind === 'error' || step.kind === 'cut') break;
  }
  out.durationMs = plan.firstTokenDelayMs + pauses + (out.tokens.total * 1000) / plan.tokensPerSecond;
  return out;
}

const parsed = (args: string): unknown => {
  try {
    return JSON.parse(args || '{}');
  } catch {
    return {};
  }
};

/** The non-streaming body each protocol answers with, as its provider sends it. */
function body(protocol: ProtocolId, f: Folded, ctx: EncoderContext): object {
  const { thinking: thinkingTokens, visible: visibleTokens, total: output } = f.tokens;
  switch (protocol) {
    case 'openai-chat':
      return {
        id: `chatcmpl-${randomId(ctx.random, 29)}`,
        object: 'chat.completion',
        created: ctx.created,
        model: ctx.model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: f.tools.length && !f.text ? null : f.text,
              refusal: null,
              ...(f.thinking ? { reasoning_content: f.thinking } : {}),
              ...(f.tools.length
                ? {
                    tool_calls: f.tools.map((t) => ({
                      id: `call_${t.id}`,
                      type: 'function',
                      function: { name: t.name, arguments: t.args },
                    })),
                  }
                : {}),
            },
            logprobs: null,
            finish_reason: f.finish,
          },
        ],
        usage: {
          prompt_tokens: ctx.inputTokens,
          completion_tokens: output,
          total_tokens: ctx.inputTokens + output,
          completion_tokens_details: { reasoning_tokens: thinkingTokens },
        },
        service_tier: 'default',
        system_fingerprint: 'fp_sluicesim',
      };
    case 'anthropic-messages':
      return {
        id: `msg_01${randomId(ctx.random, 22)}`,
        type: 'message',
        role: 'assistant',
        model: ctx.model,
        content: [
          ...(f.thinking ? [{ type: 'thinking', thinking: f.thinking, signature: randomId(ctx.random, 120) + '==' }] : []),
          ...(f.text ? [{ type: 'text', text: f.text }] : []),
          ...f.tools.map((t) => ({ type: 'tool_use', id: `toolu_01${t.id}`, name: t.name, input: parsed(t.args) })),
        ],
        stop_reason: ANTHROPIC_STOP_REASONS[f.finish],
        stop_sequence: null,
        usage: { input_tokens: ctx.inputTokens, output_tokens: output },
      };
    case 'openai-responses':
      return {
        id: `resp_${randomId(ctx.random, 48)}`,
        object: 'response',
        created_at: ctx.created,
        status: f.finish === 'length' ? 'incomplete' : 'completed',
        ...(f.finish === 'length' ? { incomplete_details: { reason: 'max_output_tokens' } } : {}),
        model: ctx.model,
        output: [
          ...(f.thinking
            ? [{ type: 'reasoning', id: `rs_${randomId(ctx.random, 48)}`, summary: [{ type: 'summary_text', text: f.thinking }] }]
            : []),
          ...(f.text
            ? [
                {
                  type: 'message',
                  id: `msg_${randomId(ctx.random, 48)}`,
                  role: 'assistant',
                  status: 'completed',
                  content: [{ type: 'output_text', text: f.text, annotations: [] }],
                },
              ]
            : []),
          ...f.tools.map((t) => ({
            type: 'function_call',
            id: `fc_${randomId(ctx.random, 48)}`,
            call_id: `call_${t.id}`,
            name: t.name,
            arguments: t.args,
            status: 'completed',
          })),
        ],
        usage: {
          input_tokens: ctx.inputTokens,
          output_tokens: output,
          total_tokens: ctx.inputTokens + output,
          output_tokens_details: { reasoning_tokens: thinkingTokens },
        },
      };
    case 'gemini':
      return {
        candidates: [
          {
            content: {
              role: 'model',
              parts: [
                ...(f.thinking ? [{ text: f.thinking, thought: true }] : []),
                ...(f.text ? [{ text: f.text }] : []),
                ...f.tools.map((t) => ({ functionCall: { name: t.name, args: parsed(t.args) } })),
              ],
            },
            finishReason: GEMINI_FINISH[f.finish],
            index: 0,
          },
        ],
        usageMetadata: {
          promptTokenCount: ctx.inputTokens,
          candidatesTokenCount: visibleTokens,
          totalTokenCount: ctx.inputTokens + output,
          ...(thinkingTokens ? { thoughtsTokenCount: thinkingTokens } : {}),
        },
        modelVersion: ctx.model,
      };
  }
}

/**
 * A plan answered whole, for a request that did not ask to stream: the body its
 * provider would send, after as long as the stream would have taken (a client's time
 * to first byte then reads as a real one's). A failure the stream would have sent
 * becomes a 500 that says it.
 */
export function wholeReply(
  protocol: ProtocolId,
  plan: SimPlan,
  ctx: EncoderContext,
): { durationMs: number } & ({ body: object } | { error: string }) {
  const folded = fold(plan);
  if (folded.error) return { error: folded.error, durationMs: folded.durationMs };
  return { body: body(protocol, folded, ctx), durationMs: folded.durationMs };
}
