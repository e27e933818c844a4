import { TokensOff } from '@/components/tokens/tokens-off';
import { TokensView } from '@/components/tokens/tokens-view';
import { signInRequired } from '@/lib/server/auth/current-user';
import { pageUser } from '@/lib/server/auth/page-user';
import { store } from '@/lib/server/store';

export const dynamic = 'force-dynamic';

export const metadata = { title: 'Tokens · Sluice' };

/** /tokens: the caller's personal tokens, as GET /api/tokens lists them; without sign-in, why there are none to make. */
export default async function TokensPage() {
  const user = await pageUser();
  if (!signInRequired()) return <TokensOff />;
  return <TokensView initial={await (await store()).tokens.list(user.id)} />;
}
