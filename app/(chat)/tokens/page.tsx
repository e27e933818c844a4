import { headers } from 'next/headers';
import { TokensView } from '@/components/tokens/tokens-view';
import { currentUser } from '@/lib/server/auth/current-user';
import { store } from '@/lib/server/store';

export const dynamic = 'force-dynamic';

export const metadata = { title: 'Tokens · Sluice' };

/** /tokens: the caller's personal tokens, as GET /api/tokens lists them. */
export default async function TokensPage() {
  const user = await currentUser(await headers());
  return <TokensView initial={await (await store()).tokens.list(user.id)} />;
}
