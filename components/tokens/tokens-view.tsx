'use client';

import { useState, type FormEvent } from 'react';
import { MAX_TOKEN_NAME, type CreatedToken, type TokenSummary } from '@/lib/api/tokens';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CONTENT_ID } from '../skip-link';
import { PageHeader, PageTitle } from '../page-header';
import { ColumnHeads } from '../ui/column-heads';
import { LocalTime } from '../ui/local-time';
import { PageStats } from '../page-stats';

/** A token's moment, as every page writes one (components/ui/local-time.tsx); "Never" for a token not used yet. */
const when = (iso: string | undefined) => (iso ? <LocalTime at={iso} /> : 'Never');

const field = 'min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900';
const plainButton =
  'rounded-md border border-zinc-300 px-3 py-1 text-sm hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800';

async function failure(response: Response): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
  return body?.error?.message ?? `HTTP ${response.status}`;
}

/** The token just made, shown this once, with a way to copy it. */
function NewToken({ created, onDone }: { created: CreatedToken; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <section
      aria-labelledby="new-token-title"
      className="flex flex-col gap-2 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm dark:border-emerald-800 dark:bg-emerald-950/40"
    >
      <h2 id="new-token-title" className="font-medium">
        Token “{created.name}” made
      </h2>
      <p className="text-zinc-700 dark:text-zinc-300">Copy it now: it will not be shown again. Sluice keeps only its hash.</p>
      <div className="flex flex-wrap items-center gap-2">
        <input
          readOnly
          aria-label="New token"
          value={created.token}
          onFocus={(e) => e.currentTarget.select()}
          className={`${field} font-mono`}
        />
        <Button
          onClick={() => void navigator.clipboard?.writeText(created.token).then(() => setCopied(true))}
          className={plainButton}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button onClick={onDone} className={plainButton}>
          Done
        </Button>
      </div>
    </section>
  );
}

/**
 * /tokens: the signed-in user's personal tokens for the recording proxy and the API:
 * made with a name (the token shown once), listed with their last use, revoked after a
 * confirmation.
 */
export function TokensView({ initial }: { initial: TokenSummary[] }) {
  const [tokens, setTokens] = useState(initial);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<CreatedToken>();
  const [revoking, setRevoking] = useState<TokenSummary>();

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const response = await fetch('/api/tokens', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      if (!response.ok) return setError(`Cannot make the token: ${await failure(response)}`);
      const made = (await response.json()) as CreatedToken;
      setCreated(made);
      setTokens((all) => [{ id: made.id, name: made.name, createdAt: made.createdAt }, ...all]);
      setName('');
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (token: TokenSummary) => {
    setError(undefined);
    const response = await fetch(`/api/tokens/${encodeURIComponent(token.id)}`, { method: 'DELETE' });
    if (!response.ok && response.status !== 404) return setError(`Cannot revoke “${token.name}”: ${await failure(response)}`);
    setTokens((all) => all.filter((t) => t.id !== token.id));
    if (created?.id === token.id) setCreated(undefined);
  };

  return (
    <div className="flex min-h-screen min-w-0 flex-col px-4 pb-6">
      <PageStats />
      <PageHeader>
        <PageTitle>Tokens</PageTitle>
      </PageHeader>
      <main id={CONTENT_ID} tabIndex={-1} className="flex max-w-3xl min-w-0 flex-col gap-4 py-4 outline-none">
        <p className="max-w-prose text-sm text-zinc-700 dark:text-zinc-300">
          A personal token lets an app or a script use the recording proxy and the API as you. Send it in the{' '}
          <code className="font-mono">x-sluice-token</code> header, or give it to your SDK as its API key: Sluice then adds the
          provider’s configured key, and the token never goes upstream. With <code className="font-mono">npm run with</code>, set{' '}
          <code className="font-mono">SLUICE_TOKEN</code>.
        </p>
        <form onSubmit={(e) => void create(e)} className="flex flex-wrap items-center gap-2">
          <label htmlFor="token-name" className="text-sm font-medium">
            Name
          </label>
          <input
            id="token-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={MAX_TOKEN_NAME}
            required
            placeholder="What it is for, e.g. “CI evals”"
            className={field}
          />
          <Button
            type="submit"
            disabled={busy || !name.trim()}
            className="rounded-md bg-sky-700 px-3 py-1 text-sm font-medium text-white hover:bg-sky-800 disabled:opacity-50"
          >
            Create token
          </Button>
        </form>
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        {created ? <NewToken created={created} onDone={() => setCreated(undefined)} /> : null}
        {tokens.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No tokens yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Your tokens</caption>
              <ColumnHeads
                columns={[
                  { label: 'Name', className: 'pr-3' },
                  { label: 'Created', className: 'hidden pr-3 sm:table-cell' },
                  { label: 'Last used', className: 'pr-3' },
                  { label: <span className="sr-only">Actions</span> },
                ]}
              />
              <tbody>
                {tokens.map((token) => (
                  <tr key={token.id} className="border-b border-zinc-100 dark:border-zinc-900">
                    <th scope="row" className="max-w-[9rem] truncate py-2 pr-3 font-medium sm:max-w-[16rem]">
                      {token.name}
                    </th>
                    <td className="hidden py-2 pr-3 whitespace-nowrap sm:table-cell">{when(token.createdAt)}</td>
                    <td className="py-2 pr-3 sm:whitespace-nowrap">{when(token.lastUsedAt)}</td>
                    <td className="py-2 text-right">
                      <Button
                        aria-label={`Revoke ${token.name}`}
                        onClick={() => setRevoking(token)}
                        className="rounded-md px-2 py-1 text-sm text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
                      >
                        Revoke
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {revoking ? (
          <ConfirmDialog
            title={`Revoke “${revoking.name}”?`}
            confirm="Revoke"
            onConfirm={() => void revoke(revoking)}
            onClose={() => setRevoking(undefined)}
          >
            Apps using this token are refused from now on (on other Sluice instances within 10 seconds). This cannot be undone.
          </ConfirmDialog>
        ) : null}
      </main>
    </div>
  );
}
