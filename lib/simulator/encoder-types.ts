import type { Random } from '@/lib/seeded-random';
import type { SimStep } from './steps';

export interface EncoderContext {
  model: string;
  inputTokens: number;
  includeUsage: boolean;
  random: Random;
  /** Unix seconds. */
  created: number;
}

/** Turns simulator steps into one wire format's SSE text. */
export interface SimEncoder {
  /** What goes out before the first token (message_start, role chunk, response.created …). */
  open(): string;
  encode(step: SimStep): string;
}

/** Counts output tokens as encoders see them, split into thinking and visible. */
export class TokenCounter {
  thinking = 0;
  visible = 0;
  count(step: SimStep): void {
    if (step.kind === 'thinking') this.thinking++;
    else if (step.kind === 'text' || step.kind === 'tool-args') this.visible++;
  }
  get total(): number {
    return this.thinking + this.visible;
  }
}

export const sse = (data: unknown, event?: string): string =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
