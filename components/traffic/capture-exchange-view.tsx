'use client';

import type { CapturedBody, CaptureDetail } from '@/lib/api/captures';
import { useMemo } from 'react';
import { useHighlighted } from '@/lib/client/markdown/use-highlighted';
import { prettyJson } from '@/lib/client/traffic/capture-exchange';
import { requestLine } from '@/lib/client/traffic/capture-offers';

/** Headers as name and value, one a line; credentials read `[redacted]` (the capture never kept them). */
function HeaderList({ headers, label }: { headers: Record<string, string>; label: string }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return <p className="text-xs text-zinc-600 dark:text-zinc-400">No headers.</p>;
  return (
    <dl
      aria-label={label}
      className="grid grid-cols-1 gap-x-3 gap-y-0.5 font-mono text-xs sm:grid-cols-[minmax(0,auto)_minmax(0,1fr)]"
    >
      {entries.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="break-all text-zinc-600 dark:text-zinc-400">{name}</dt>
          <dd className="break-all max-sm:mb-1 max-sm:pl-3">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Past this, a body shows plain: Shiki's tokens for a megabyte of JSON would be a page of spans to lay out. */
const HIGHLIGHTED_UP_TO = 64 * 1024;

/** A body as shown: JSON indented and highlighted as the chat highlights its code; anything else, or cut, as it came. */
function useBodyView(body: CapturedBody): { text: string; html: string | null } {
  const pretty = useMemo(() => (body.truncated ? undefined : prettyJson(body.text)), [body]);
  const text = pretty ?? body.text;
  const html = useHighlighted(text, 'json', pretty !== undefined && text.length <= HIGHLIGHTED_UP_TO);
  return { text, html };
}

/** A body, JSON indented, in a box that scrolls (and takes the focus to, by keyboard); what was cut says so. */
export function BodyBlock({ body, label }: { body: CapturedBody; label: string }) {
  const { text, html } = useBodyView(body);
  if (body.bytes === 0) return <p className="text-xs text-zinc-600 dark:text-zinc-400">No body.</p>;
  const look =
    'code-tokens max-h-96 overflow-auto rounded bg-zinc-100 p-2 font-mono text-xs whitespace-pre-wrap break-all dark:bg-zinc-900';
  return (
    <>
      {/* Shiki's tokens as HTML: every text escaped, styles only from its own themes (tokens-to-html.ts). */}
      {html !== null ? (
        <pre tabIndex={0} aria-label={label} className={look} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <pre tabIndex={0} aria-label={label} className={look}>
          {text}
        </pre>
      )}
      {body.truncated ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Cut: the capture keeps the first {body.text.length} characters of its {body.bytes} bytes (Copy as curl sends only
          those).
        </p>
      ) : null}
    </>
  );
}

const box = 'flex min-w-0 flex-col gap-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800';

/** What the app sent (headers redacted, body pretty) and the head of what came back. */
export function CaptureExchangeView({ capture }: { capture: CaptureDetail }) {
  const line = requestLine(capture);
  return (
    <>
      <section aria-labelledby="capture-request" className={box}>
        <h2 id="capture-request" className="font-semibold">
          Request
        </h2>
        <p className="font-mono text-xs break-all">
          {capture.request.method} {line.target}
        </p>
        {line.note ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{line.note}</p> : null}
        <HeaderList headers={capture.request.headers} label="Request headers" />
        <BodyBlock body={capture.request.body} label="Request body" />
      </section>
      <section aria-labelledby="capture-response" className={box}>
        <h2 id="capture-response" className="font-semibold">
          Response
        </h2>
        {capture.response ? (
          <>
            <p className="font-mono text-xs">HTTP {capture.response.status}</p>
            <HeaderList headers={capture.response.headers} label="Response headers" />
          </>
        ) : capture.status === 'cassette-miss' ? (
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Sluice answered the app itself: HTTP 504, <code>cassette_miss</code>, saying what is above.
          </p>
        ) : (
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            No answer came: {capture.error ?? 'the upstream was not reached.'}
          </p>
        )}
        {capture.body ? <BodyBlock body={capture.body} label="Response body" /> : null}
      </section>
    </>
  );
}
