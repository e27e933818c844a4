'use client';

import { useState } from 'react';
import { useWholeExchange } from '@/lib/client/event-log/upstream-body';
import { curlCommand } from '@/lib/event-log/curl';
import { requestBodyText } from '@/lib/event-log/request-body';
import type { UpstreamExchange } from '@/lib/sse/bff-marker';
import { Button } from '@/components/ui/button';

/** A share of the first byte: to 0.1 ms below 10 ms, where Sluice's own lies. */
const formatMs = (ms: number) => (ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`);

const headerLines = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');

/** The upstream request the BFF sent (keys redacted) and how the upstream answered; "Copy as curl". */
export function ExchangeDetails({ exchange: marked }: { exchange: UpstreamExchange }) {
  const [copied, setCopied] = useState(false);
  const { exchange, load } = useWholeExchange(marked);
  const curl = curlCommand(exchange);
  return (
    <details className="text-xs" onToggle={(e) => void (e.currentTarget.open && load())}>
      <summary className="cursor-pointer">
        Upstream request and response · {exchange.request.method} {exchange.response.status}
        {exchange.timing ? (
          <span className="text-zinc-600 dark:text-zinc-400">
            {' '}
            · headers after {formatMs(exchange.timing.sluiceMs + exchange.timing.upstreamMs)}: Sluice{' '}
            {formatMs(exchange.timing.sluiceMs)}, upstream {formatMs(exchange.timing.upstreamMs)}
          </span>
        ) : null}
      </summary>
      <div className="mt-2 flex max-h-72 flex-col gap-2 overflow-auto">
        <h3 className="font-semibold">Request</h3>
        <pre aria-label="Request" className="whitespace-pre-wrap break-all rounded bg-zinc-100 p-2 font-mono dark:bg-zinc-900">
          {`${exchange.request.method} ${exchange.request.url}\n${headerLines(exchange.request.headers)}\n\n${requestBodyText(exchange)}`}
        </pre>
        <h3 className="font-semibold">Response</h3>
        <pre
          aria-label="Response"
          className="whitespace-pre-wrap break-all rounded bg-zinc-100 p-2 font-mono dark:bg-zinc-900"
        >{`${exchange.response.status}\n${headerLines(exchange.response.headers)}`}</pre>
        <h3 className="font-semibold">As curl</h3>
        <pre
          aria-label="curl command"
          className="whitespace-pre-wrap break-all rounded bg-zinc-100 p-2 font-mono dark:bg-zinc-900"
        >
          {curl}
        </pre>
      </div>
      <Button
        onClick={() =>
          void load().then((whole) => navigator.clipboard?.writeText(curlCommand(whole)).then(() => setCopied(true)))
        }
        className="mt-1 rounded border border-zinc-300 px-2 py-1 dark:border-zinc-700"
      >
        {copied ? 'Copied' : 'Copy as curl'}
      </Button>
    </details>
  );
}
