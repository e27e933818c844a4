import 'server-only';
import { liveStreams, type LiveStreams } from '@/lib/server/streams/live';
import { storeOrphanReply } from './orphan-reply';

/** The replies in flight, each a live stream anyone may join; a dead instance's are stored by this one. */
export function replyStreams(): LiveStreams {
  return liveStreams(storeOrphanReply);
}
