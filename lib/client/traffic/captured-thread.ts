import type { CapturedChat } from '@/lib/api/captures';
import { textOf, type ChatMessage } from '@/lib/protocols/conversation';
import { uiMessagesFromRequest } from '../thread/from-stored';
import type { UiMessage } from '../thread/ui-message';
import { replyFiguresOf } from './capture-figures';

/**
 * A captured conversation as a chat's thread: the request's messages, then the reply it
 * got, as a reply of the captured model to regenerate or go on from. Nothing of it is
 * stored until the first request, which carries it all.
 */
export function capturedThread(captured: CapturedChat): UiMessage[] {
  const messages = uiMessagesFromRequest(captured.messages);
  // A capture still streaming has no reply yet; one read back is over, whatever its status.
  if (!captured.reply || captured.reply.status === 'streaming') return messages;
  return [
    ...messages,
    {
      id: crypto.randomUUID(),
      role: 'assistant',
      provider: captured.provider,
      model: captured.model,
      protocol: captured.protocol,
      reply: captured.reply,
      figures: replyFiguresOf(captured.timings),
    },
  ];
}

/**
 * A captured conversation as a race starts from it: its last user message is the prompt
 * every pane is sent, what came before it each pane's history.
 */
export function capturedPrompt(captured: CapturedChat): { history: ChatMessage[]; prompt: string } {
  const last = captured.messages.at(-1);
  if (last?.role !== 'user') return { history: captured.messages, prompt: '' };
  return { history: captured.messages.slice(0, -1), prompt: textOf(last) };
}

/** What a race opened from a capture sends besides its messages, in words ("its system prompt, 2 tools …"). */
export function capturedExtras(captured: CapturedChat): string | undefined {
  const { params } = captured;
  const system = captured.messages.some((m) => m.role === 'system');
  const tools = params.tools?.length;
  const items = [
    system ? 'its system prompt' : undefined,
    tools ? `${tools === 1 ? 'its tool' : `its ${tools} tools`} (${params.tools!.map((t) => t.name).join(', ')})` : undefined,
    params.maxTokens !== undefined ? `max tokens ${params.maxTokens}` : undefined,
    params.temperature !== undefined ? `temperature ${params.temperature}` : undefined,
    params.thinking !== undefined && params.thinking !== false ? 'thinking' : undefined,
  ].filter((item) => item !== undefined);
  if (items.length === 0) return undefined;
  const list = items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
  return `From the captured request: ${list}, for every pane.`;
}
