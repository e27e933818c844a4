import type { UserUsage } from '@/lib/api/tokens';
import { CONTENT_ID } from '../skip-link';
import { PageHeader, PageTitle } from '../page-header';
import { ColumnHeads } from '../ui/column-heads';
import { PageStats } from '../page-stats';

const count = (n: number) => n.toLocaleString('en-US');
const usd = (n: number) => `$${n.toFixed(n !== 0 && n < 0.01 ? 4 : 2)}`;

/** A user's figures, labelled, in the table's order. */
const figuresOf = (user: UserUsage): [string, string][] => [
  ['Replies', count(user.replies.count)],
  ['Proxy exchanges', count(user.captures.count)],
  ['Tokens in', count(user.replies.inputTokens + user.captures.inputTokens)],
  ['Tokens out', count(user.replies.outputTokens + user.captures.outputTokens)],
  ['Cost', usd(user.replies.usd + user.captures.usd)],
];

/**
 * /admin: usage totals per user, for admins: replies and proxy exchanges, their tokens and
 * what they cost. Never a title or a word of what anyone wrote.
 */
export function UsageView({ users }: { users: UserUsage[] }) {
  const cell = 'py-2 pr-3 text-right tabular-nums whitespace-nowrap';
  return (
    <div className="flex min-h-screen min-w-0 flex-col px-4 pb-6">
      <PageStats />
      <PageHeader>
        <PageTitle>Usage by user</PageTitle>
      </PageHeader>
      <main id={CONTENT_ID} tabIndex={-1} className="flex min-w-0 flex-col gap-4 py-4 outline-none">
        <p className="max-w-prose text-sm text-zinc-700 dark:text-zinc-300">
          What each user spent: replies in their chats and races, and exchanges through the recording proxy, with their tokens and
          cost (where the model’s price is known). Their conversations and captures stay theirs.
        </p>
        <div className="hidden md:block">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Usage totals per user</caption>
            <ColumnHeads
              columns={[
                { label: 'User', className: 'pr-3' },
                ...['Replies', 'Proxy exchanges', 'Tokens in', 'Tokens out', 'Cost'].map((label) => ({
                  label,
                  className: 'pr-3 text-right',
                })),
              ]}
            />
            <tbody>
              {users.map((user) => (
                <tr key={user.id} className="border-b border-zinc-100 dark:border-zinc-900">
                  <th scope="row" className="max-w-[18rem] truncate py-2 pr-3 font-medium">
                    {user.email ?? user.name ?? user.id}
                    {user.admin ? <span className="ml-2 text-xs font-normal text-zinc-500 dark:text-zinc-400">admin</span> : null}
                  </th>
                  {figuresOf(user).map(([label, value]) => (
                    <td key={label} className={cell}>
                      {value}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {/* On a phone, each user's figures as a list of their own: six columns do not fit. */}
        <ul aria-label="Usage totals per user" className="flex flex-col gap-3 md:hidden">
          {users.map((user) => (
            <li key={user.id} className="rounded-lg border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800">
              <h2 className="truncate font-medium">
                {user.email ?? user.name ?? user.id}
                {user.admin ? <span className="ml-2 text-xs font-normal text-zinc-500 dark:text-zinc-400">admin</span> : null}
              </h2>
              <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5">
                {figuresOf(user).map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
                    <dd className="text-right tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
