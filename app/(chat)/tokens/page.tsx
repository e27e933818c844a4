import { TokensView } from '@/components/tokens/tokens-view';
import { pageUser } from '@/lib/server/auth/page-user';
import { store } from '@/lib/server/store';

export const dynamic = 'force-dynamic';

export const metadata = { title: 'Tokens · Sluice' };

/** /tokens: the caller's personal tokens, as GET /api/tokens lists them. */
export default async function TokensPage() {
  const user = await pageUser();
  return <TokensView initial={await (await store()).tokens.list(user.id)} />;
}
