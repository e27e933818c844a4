import { resultFold } from '@/lib/client/thread/tool-result-fold';
import type { UiMessage } from '@/lib/client/thread/ui-message';

type ToolMessage = Extract<UiMessage, { role: 'tool' }>;

const BOX = 'mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-zinc-50 p-2 font-mono dark:bg-zinc-900';

/** One result as it was sent: whole when short; folded under its first line and size when long. */
function Result({ name, content, isError }: { name: string; content: string; isError?: boolean }) {
  const fold = resultFold(content);
  const title = (
    <>
      {isError ? 'Error result' : 'Result'} of <span className="font-mono">{name}</span>
    </>
  );
  if (!fold.folded) {
    return (
      <div>
        <p>{title}</p>
        <pre tabIndex={0} className={BOX}>
          {content}
        </pre>
      </div>
    );
  }
  return (
    <details>
      <summary className="cursor-pointer">
        {title} · {fold.lines === 1 ? `${content.length} characters` : `${fold.lines} lines`}
        <span className="ml-2 font-mono text-zinc-500 dark:text-zinc-400">
          {fold.firstLine.length > 60 ? `${fold.firstLine.slice(0, 60)}…` : fold.firstLine}
        </span>
      </summary>
      <pre tabIndex={0} className={BOX}>
        {content}
      </pre>
    </details>
  );
}

/**
 * The tool results the reader sent, in the chat where they went: what the model was
 * told is part of the conversation (the shared snapshot shows it too).
 */
export function ToolResults({ message }: { message: ToolMessage }) {
  const results = typeof message.content === 'string' ? [] : message.content.filter((p) => p.type === 'tool-result');
  if (results.length === 0) return null;
  return (
    <article
      aria-label={results.length === 1 ? 'Tool result sent' : 'Tool results sent'}
      className={[
        'ml-auto flex w-full max-w-2xl flex-col gap-2 rounded-lg border border-zinc-200 px-3 py-2 text-xs',
        'text-zinc-700 dark:border-zinc-800 dark:text-zinc-300',
      ].join(' ')}
    >
      {results.map((p) => (
        <Result key={p.callId} name={p.name ?? p.callId} content={p.content} isError={p.isError} />
      ))}
    </article>
  );
}
