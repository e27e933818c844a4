import { CONTENT_ID } from '../skip-link';
import { PageHeader, PageTitle } from '../page-header';
import { PageStats } from '../page-stats';

/**
 * /tokens without sign-in: nothing to make here. One user, whoever reaches the server,
 * uses the proxy and the API without a token; tokens are how each signed-in person's
 * apps and scripts say whose they are.
 */
export function TokensOff() {
  return (
    <div className="flex min-h-screen min-w-0 flex-col px-4 pb-6">
      <PageStats />
      <PageHeader>
        <PageTitle>Tokens</PageTitle>
      </PageHeader>
      <main id={CONTENT_ID} tabIndex={-1} className="flex max-w-prose min-w-0 flex-col gap-3 py-4 text-sm outline-none">
        <p>
          Sign-in is off (<code className="font-mono">SLUICE_AUTH=none</code>): this Sluice has one user, and the recording proxy
          and the API take requests without a token.
        </p>
        <p className="text-zinc-700 dark:text-zinc-300">
          Personal tokens are for a Sluice with sign-in on: each person makes their own here, and their apps and scripts send it
          (in the <code className="font-mono">x-sluice-token</code> header, or as the SDK’s API key) so that what they record is
          theirs.
        </p>
      </main>
    </div>
  );
}
