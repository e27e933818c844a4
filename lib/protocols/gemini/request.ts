import { geminiKey } from './auth';
import { partsOf, toolNamesById, type ChatMessage } from '../conversation';
import { postTo, systemText, thinkingBudget, type RequestInput, type UpstreamRequest } from '../request-types';

function parseResult(content: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(content);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { result: value };
  } catch {
    return { result: content };
  }
}

function toContents(messages: ChatMessage[]): { role: 'user' | 'model'; parts: Record<string, unknown>[] }[] {
  const names = toolNamesById(messages);
  const out: { role: 'user' | 'model'; parts: Record<string, unknown>[] }[] = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    const role = message.role === 'assistant' ? 'model' : 'user';
    const parts = partsOf(message).flatMap((p): Record<string, unknown>[] => {
      switch (p.type) {
        case 'text':
          return p.text ? [{ text: p.text }] : [];
        case 'tool-call':
          return [{ functionCall: { name: p.name, args: p.args ?? {} } }];
        case 'tool-result':
          return [{ functionResponse: { name: p.name ?? names.get(p.callId) ?? p.callId, response: parseResult(p.content) } }];
        case 'thinking':
          return [];
      }
    });
    if (parts.length === 0) continue;
    const last = out.at(-1);
    if (last?.role === role) last.parts.push(...parts);
    else out.push({ role, parts });
  }
  return out;
}

/** POST {baseUrl}/models/{model}:streamGenerateContent?alt=sse. */
export function buildGeminiRequest({ target, model, messages, params }: RequestInput): UpstreamRequest {
  const budget = thinkingBudget(params.thinking);
  const system = systemText(messages);
  const path = (target.path ?? '/models/{model}:streamGenerateContent').replace('{model}', encodeURIComponent(model));
  const generationConfig = {
    ...(params.maxTokens !== undefined ? { maxOutputTokens: params.maxTokens } : {}),
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    ...(budget !== undefined ? { thinkingConfig: { includeThoughts: true, thinkingBudget: budget } } : {}),
  };
  return postTo(target, `${path}${path.includes('?') ? '&' : '?'}alt=sse`, geminiKey, {
    contents: toContents(messages),
    ...(system ? { systemInstruction: { parts: [{ text: system }] } } : {}),
    ...(Object.keys(generationConfig).length > 0 ? { generationConfig } : {}),
    ...(params.tools?.length
      ? {
          tools: [
            {
              functionDeclarations: params.tools.map((t) => ({
                name: t.name,
                description: t.description,
                parameters: t.parameters,
              })),
            },
          ],
        }
      : {}),
  });
}
