/** A conversation's title until renamed: its first user message, cut short. Server and sidebar agree on it. */
export function titleFrom(firstUserText: string): string {
  return firstUserText.trim().replace(/\s+/g, ' ').slice(0, 80) || 'New conversation';
}
