'use client';

import { useId, useState } from 'react';
import { z } from 'zod';
import { useChatStore } from '@/lib/client/chat/chat-store';
import { ToolDefinitionSchema } from '@/lib/protocols/conversation';
import { Button } from '@/components/ui/button';

const ToolsSchema = z.array(ToolDefinitionSchema);
const EXAMPLE_TOOLS = JSON.stringify(
  [
    {
      name: 'get_weather',
      description: 'Current weather for a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  ],
  null,
  2,
);

function toolsError(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  try {
    const parsed = ToolsSchema.safeParse(JSON.parse(text));
    return parsed.success ? undefined : parsed.error.issues.map((i) => `${i.path.join('.') || 'tools'}: ${i.message}`).join('; ');
  } catch (error) {
    return `Not valid JSON: ${(error as Error).message}`;
  }
}

const input = 'w-24 rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900';

/** Max tokens, temperature, thinking and tools, under a disclosure. */
export function ParamsPanel() {
  const params = useChatStore((s) => s.params);
  const set = (patch: Partial<typeof params>) => useChatStore.setState((s) => ({ params: { ...s.params, ...patch } }));
  // The tools the chat already has (a chat opened from a capture brings its own) show as their JSON.
  const [toolsText, setToolsText] = useState(() => (params.tools?.length ? JSON.stringify(params.tools, null, 2) : ''));
  const toolsHint = useId();
  const error = toolsError(toolsText);
  const thinkingOn = params.thinking !== undefined && params.thinking !== false;
  return (
    <details className="rounded-lg border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800">
      <summary className="cursor-pointer select-none font-medium">Parameters</summary>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2">
          Max tokens
          <input
            type="number"
            min={1}
            className={input}
            value={params.maxTokens ?? ''}
            onChange={(e) => set({ maxTokens: e.target.value ? Number(e.target.value) : undefined })}
          />
        </label>
        <label className="flex items-center gap-2">
          Temperature
          <input
            type="number"
            min={0}
            max={2}
            step={0.1}
            className={input}
            value={params.temperature ?? ''}
            onChange={(e) => set({ temperature: e.target.value ? Number(e.target.value) : undefined })}
          />
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={thinkingOn} onChange={(e) => set({ thinking: e.target.checked ? 2048 : undefined })} />
          Thinking
        </label>
        {thinkingOn ? (
          <label className="flex items-center gap-2">
            Thinking budget
            <input
              type="number"
              min={1024}
              step={512}
              className={input}
              value={typeof params.thinking === 'number' ? params.thinking : 2048}
              onChange={(e) => set({ thinking: Number(e.target.value) || true })}
            />
          </label>
        ) : null}
      </div>
      {/* Not a <label> around it all: the button inside would be the one it labels, named by the whole text. */}
      <div className="mt-3">
        <span className="flex items-center justify-between">
          <span id={toolsHint}>Tools (JSON: name, description, parameters as JSON Schema)</span>
          <Button className="text-xs text-sky-700 dark:text-sky-400" onClick={() => setToolsText(EXAMPLE_TOOLS)}>
            Insert an example
          </Button>
        </span>
        <textarea
          aria-label="Tools"
          aria-describedby={toolsHint}
          aria-invalid={error !== undefined}
          rows={4}
          value={toolsText}
          onChange={(e) => {
            setToolsText(e.target.value);
            const text = e.target.value;
            set({ tools: toolsError(text) === undefined && text.trim() ? ToolsSchema.parse(JSON.parse(text)) : undefined });
          }}
          className="mt-1 block w-full rounded border border-zinc-300 bg-white p-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900"
        />
        {error ? (
          <span role="alert" className="text-xs text-rose-600">
            {error}
          </span>
        ) : null}
      </div>
    </details>
  );
}
