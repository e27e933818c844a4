import { DiffApp } from '@/components/diff/diff-app';
import { ReplyPicker } from '@/components/diff/reply-picker';
import { diffIds, pickerChoices, replyIdIn } from '@/lib/api/diff';
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
  const [a, b] = diffIds(replyIdIn(params.a), replyIdIn(params.b));
  const [sideA, sideB] = await Promise.all([a ? loadDiffSide(user, a) : undefined, b ? loadDiffSide(user, b) : undefined]);
  if (sideA && sideB) return <DiffApp a={sideA} b={sideB} />;
  const missing = [a && !sideA ? a : undefined, b && !sideB ? b : undefined].filter((x): x is string => !!x);
  // The side found, whichever it was, is the one the other is picked for.
  const chosen = sideA ?? sideB;
  const [near, recent] = await Promise.all([chosen ? repliesNear(user, chosen) : [], recentReplies(user, 20)]);
  return <ReplyPicker a={chosen} {...pickerChoices(chosen?.id, near, recent)} missing={missing} />;
}
