/** What the server sent that a page has opened: each object as it arrived. */
const opened = new WeakSet<object>();

/**
 * Pages open what the server sent (a conversation, a compare session) in their first
 * render, so a link shows it at once. React can render a page more than once before it
 * shows it (a render set aside during a navigation, then started again): opening it
 * again would detach the reader of a streaming reply and join it anew. True unless this
 * very object was opened already and the page still shows it (`stillShown`).
 */
export function firstOpening(sent: object, stillShown: boolean): boolean {
  if (opened.has(sent) && stillShown) return false;
  opened.add(sent);
  return true;
}
