import 'server-only';
import type { Provider } from '@/lib/providers/types';
import type { UpstreamRequest } from '@/lib/protocols/request-types';
import type { UpstreamBody } from '@/lib/server/streams/relay/http-client';
import { sendUpstream, type UpstreamOptions } from '@/lib/server/streams/relay/send-upstream';

/** Whether a broken connection to this provider is asked again with Last-Event-ID (once its events carried ids). */
export const resumes = (provider: Provider) => provider.resume !== 'off';

/**
 * The same request again with `Last-Event-ID`: the upstream continues after that
 * event. Anything but an event stream (Nimbus answers `400 resume_not_supported` for
 * models it cannot resume) rejects with the upstream's own reason.
 */
export async function resumeUpstream(
  request: UpstreamRequest,
  lastEventId: string,
  options: UpstreamOptions,
): Promise<UpstreamBody> {
  const response = await sendUpstream({ ...request, headers: { ...request.headers, 'last-event-id': lastEventId } }, options);
  return response.body;
}
