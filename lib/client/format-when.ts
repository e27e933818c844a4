/**
 * Sluice's one way of writing a moment, in the reader's locale and time zone: the time
 * alone today, the day and time earlier this year, the day and year before. Every page
 * writes dates this way (the sidebar, Traffic, runs, shares, tokens, the event log, the
 * diff picker); the exact time, to the second with its zone, is `fullWhen`, on hover.
 */
export function formatWhen(
  at: Date | string | number,
  { now = new Date(), locale }: { now?: Date; locale?: string } = {},
): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  const sameYear = date.getFullYear() === now.getFullYear();
  const sameDay = sameYear && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
  if (sameDay) return formatter(locale, time).format(date);
  if (sameYear) return formatter(locale, { month: 'short', day: 'numeric', ...time }).format(date);
  return formatter(locale, { month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** The exact moment, to the second and with its time zone: a `<time>`'s title. */
export function fullWhen(at: Date | string | number, locale?: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(locale, { dateStyle: 'medium', timeStyle: 'long' }).format(date);
}

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
