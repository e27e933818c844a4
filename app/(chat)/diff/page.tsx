import { DiffApp } from '@/components/diff/diff-app';
import { ReplyPicker } from '@/components/diff/reply-picker';
import { replyIdIn } from '@/lib/api/diff';
import { loadDiffSide, recentReplies, repliesNear } from '@/lib/server/views/diff-sides';
import { pageUser } from '@/lib/server/auth/page-user';

export const dynamic = 'force-dynamic';

export const metadata = { title: 'Diff two replies · Sluice' };

type Params = Promise<Record<string, string | string[] | undefined>>;

/**
 * /diff?a={messageId}&b={messageId}: two stored replies compared, their text, figures and
 * streams. With one (or none) given, the page offers the replies to pick the other from.
 */
export default async function DiffPage({ searchParams }: { searchParams: Params }) {
  const params = await searchParams;
  const user = await pageUser();
  let [a, b] = [replyIdIn(params.a), replyIdIn(params.b)];
  if (!a && b) [a, b] = [b, undefined];
  const [sideA, sideB] = await Promise.all([a ? loadDiffSide(user, a) : undefined, b ? loadDiffSide(user, b) : undefined]);
  if (sideA && sideB) return <DiffApp a={sideA} b={sideB} />;
  const missing = [a && !sideA ? a : undefined, b && !sideB ? b : undefined].filter((x): x is string => !!x);
  const [near, recent] = await Promise.all([sideA ? repliesNear(user, sideA) : [], recentReplies(user, 20)]);
  return <ReplyPicker a={sideA} near={near} recent={recent.filter((r) => r.id !== sideA?.id)} missing={missing} />;
}
