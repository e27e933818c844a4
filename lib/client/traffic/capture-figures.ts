import type { AssembledMessage } from '@/lib/assemble/message';
import type { CaptureStatus, CaptureSummary, CaptureTimings } from '@/lib/api/captures';
import { formatUsd } from '@/lib/pricing/cost';
import { outputRate } from '@/lib/assemble/reply-summary';
import { formatMs } from '../../figures/format-duration';
import type { ReplyFigures } from '@/lib/figures/reply-figures';

/** How a capture ended, in words (CaptureStatus says what each means). */
export const STATUS_LABEL: Record<CaptureStatus, string> = {
  streaming: 'streaming',
  complete: 'complete',
  'client-closed': 'app hung up early',
  'upstream-error': 'upstream error',
  unreachable: 'unreachable',
  'cassette-miss': 'cassette miss',
  cut: 'cut at the size limit',
  interrupted: 'interrupted: Sluice stopped',
};

/** A capture's figures as the Traffic list shows them; undefined: not known (no token, no usage, no reply). */
export interface CaptureCells {
  ttft?: string;
  duration?: string;
  tokensIn?: string;
  tokensOut?: string;
  cost?: string;
}

export function captureCells(capture: CaptureSummary): CaptureCells {
  const { timings, usage } = capture;
  // `≈`: counted from the stream or the request, the upstream never said (as a reply's figures mark it).
  const about = capture.usageEstimated ? '≈' : '';
  const cost = capture.cost === null ? 'no price' : capture.cost ? about + formatUsd(capture.cost.usd) : undefined;
  return {
    ...(timings.firstToken !== undefined ? { ttft: formatMs(timings.firstToken) } : {}),
    ...(timings.end !== undefined ? { duration: formatMs(timings.end) } : {}),
    ...(usage?.inputTokens !== undefined ? { tokensIn: about + String(usage.inputTokens) } : {}),
    ...(usage?.outputTokens !== undefined ? { tokensOut: about + String(usage.outputTokens) } : {}),
    ...(cost ? { cost } : {}),
  };
}

/** A capture's timings as a reply's figures, measured by the server from when the request reached it. */
export function replyFiguresOf({ firstToken, firstAnswer, lastToken, end }: CaptureTimings): ReplyFigures {
  return { firstToken, firstAnswer, lastToken, end, settled: true };
}

/** Every figure of one capture, label and text, for its page: the list's, and the first byte, the speed, the finish. */
export function captureFigureList(capture: CaptureSummary, reply?: AssembledMessage): [string, string][] {
  const cells = captureCells(capture);
  const figures = replyFiguresOf(capture.timings);
  // The speed from the upstream's usage (the capture's usage is the counted one, so the reply carries it).
  const speed = reply ? outputRate({ ...reply, usage: capture.usage ?? reply.usage }, figures) : undefined;
  const items: [string, string | undefined][] = [
    ['HTTP status', capture.httpStatus !== undefined ? String(capture.httpStatus) : undefined],
    ['First byte', capture.timings.firstByte !== undefined ? formatMs(capture.timings.firstByte) : undefined],
    ['Time to first token', cells.ttft],
    ['Duration', cells.duration],
    ['Speed', speed ? `${speed.rate.toFixed(1)} tok/s${speed.from === 'counted' ? ' (counted)' : ''}` : undefined],
    ['Tokens in', cells.tokensIn],
    ['Tokens out', cells.tokensOut],
    ['Cost', cells.cost],
    ['Finish', reply?.rawFinishReason ?? reply?.finishReason],
  ];
  return items.filter((item): item is [string, string] => item[1] !== undefined);
}
