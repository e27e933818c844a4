import { replaysAsChat, type CaptureDetail } from '@/lib/api/captures';

/** What a capture's page offers to do with it, beside Copy replay URL, Export HAR and Delete, which every capture has. */
export interface CaptureOffers {
  /** A curl command of its request: not for a WebSocket's exchange, whose messages curl cannot send. */
  curl: boolean;
  /** Its answer streamed again in a new chat (an ended event stream of a known protocol). */
  replay: boolean;
  /** Its conversation opened as a chat, or raced: its request reads back as one. */
  openInChat: boolean;
  race: boolean;
  /** Set beside a stored reply on /diff: an ended stream with an assembled reply. */
  diff: boolean;
}

/** `readsBack`: its request reads as a conversation (a known protocol's body, read on the page). */
export function captureOffers(capture: CaptureDetail, readsBack: boolean): CaptureOffers {
  return {
    curl: !capture.webSocket,
    replay: readsBack && replaysAsChat(capture),
    openInChat: readsBack,
    race: readsBack,
    diff: readsBack && Boolean(capture.reply && capture.events) && capture.status !== 'streaming',
  };
}

const param = (id: string) => encodeURIComponent(id);

/** Where each offer goes: the chat (`replay`: its answer replayed), a race, the diff page. */
export const capturePaths = {
  replay: (id: string) => `/?capture=${param(id)}&replay`,
  chat: (id: string) => `/?capture=${param(id)}`,
  /** The race page reads the capture as the compare page did (`?capture=`), and says where the prompt came from. */
  race: (id: string) => `/race?capture=${param(id)}`,
  diff: (id: string) => `/diff?a=${param(id)}`,
};

/**
 * Where the request went, as the capture's page heads its Request: the upstream URL, or
 * for a request a cassette answered (played back, or a miss) the path it matched by and
 * why nothing went upstream: an upstream URL there would say it was reached.
 */
export function requestLine(capture: CaptureDetail): { target: string; note?: string } {
  const { cassette } = capture;
  if (capture.status === 'cassette-miss')
    return {
      target: capture.path,
      note: `Not sent upstream: cassette “${cassette?.name ?? '?'}” had no matching exchange, and the app got a 504.`,
    };
  if (cassette?.played) return { target: capture.path, note: `Not sent upstream: played back from cassette “${cassette.name}”.` };
  return { target: capture.request.url };
}
