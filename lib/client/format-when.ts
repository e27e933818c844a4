/**
 * When something happened, as short as the reader needs it: the time alone today, the
 * day this year, the full date before. `precise` adds seconds (the event log tells
 * replies a few seconds apart) and keeps the time on other days.
 */
export function formatWhen(
  at: Date | string | number,
  { now = new Date(), locale, precise = false }: { now?: Date; locale?: string; precise?: boolean } = {},
): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  const sameYear = date.getFullYear() === now.getFullYear();
  const sameDay = sameYear && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  const time: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', ...(precise ? { second: '2-digit' } : {}) };
  const day: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) };
  const options = sameDay ? time : precise ? { ...day, ...time } : day;
  return formatter(locale, options).format(date);
}

/** The full date and time, for a tooltip. */
export const fullWhen = (at: Date | string | number, locale?: string): string =>
  formatter(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));

/**
 * Formatters made once per locale and options: making one costs far more than formatting
 * with it, and the sidebar formats two dates for every conversation it lists each time
 * the list comes back, as a reply ends.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, options)));
  return made;
}
