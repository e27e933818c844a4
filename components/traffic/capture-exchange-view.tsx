import type { CapturedBody, CaptureDetail } from '@/lib/api/captures';
import { prettyBody } from '@/lib/client/traffic/capture-exchange';

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

/** A body, JSON indented, in a box that scrolls (and takes the focus to, by keyboard); what was cut says so. */
export function BodyBlock({ body, label }: { body: CapturedBody; label: string }) {
  if (body.bytes === 0) return <p className="text-xs text-zinc-600 dark:text-zinc-400">No body.</p>;
  return (
    <>
      <pre
        tabIndex={0}
        aria-label={label}
        className="max-h-96 overflow-auto rounded bg-zinc-100 p-2 font-mono text-xs whitespace-pre-wrap break-all dark:bg-zinc-900"
      >
        {body.truncated ? body.text : prettyBody(body.text)}
      </pre>
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
  return (
    <>
      <section aria-labelledby="capture-request" className={box}>
        <h2 id="capture-request" className="font-semibold">
          Request
        </h2>
        <p className="font-mono text-xs break-all">
          {capture.request.method} {capture.request.url}
        </p>
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
