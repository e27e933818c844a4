import 'server-only';
import type { CaptureDetail, CaptureFacet, CapturedChat } from '@/lib/api/captures';
import type { User } from '@/lib/api/users';
import { readRequestText } from '@/lib/protocols/read-request';
import { isUuid } from '@/lib/server/platform/ids';
import { captureStore } from '@/lib/server/store/captures';

/** One capture whole, for its page; anything but a capture's id (a UUID) is none, before any query runs. */
export async function loadCapture(user: User, id: string): Promise<CaptureDetail | undefined> {
  return isUuid(id) ? (await captureStore()).get(id, user.id) : undefined;
}

/** The providers and models that occur in the user's captures (the Traffic page's filters). */
export async function captureFacets(user: User): Promise<CaptureFacet[]> {
  return (await captureStore()).facets(user.id);
}

/**
 * A capture as a conversation to open (a chat, a race): undefined when its request is not
 * a known protocol's, names no model, or does not read (a body cut at the capture's bound).
 */
export async function loadCapturedChat(user: User, id: string): Promise<CapturedChat | undefined> {
  const capture = await loadCapture(user, id);
  if (!capture?.protocol) return undefined;
  const request = readRequestText(capture.protocol, capture.request.body.text);
  const model = capture.model ?? request?.model;
  if (!request || !model) return undefined;
  return {
    captureId: capture.id,
    method: capture.method,
    path: capture.path,
    startedAt: capture.startedAt,
    provider: capture.provider,
    model,
    protocol: capture.protocol,
    messages: request.messages,
    params: request.params,
    ...(capture.reply ? { reply: capture.reply } : {}),
    timings: capture.timings,
  };
}
