/** Input that means the reader is scrolling the box themselves: from then on it is theirs. */
const READER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Scrolls `box` to the top of the latest reply in `list` (its last `article` with a
 * message id: the replies' articles carry one, the user's messages do not), and keeps
 * it there while what is above settles: each reply's markdown lands a frame or more
 * after its text, and highlighting later still, and each moves the reply down. It lets
 * go at the reader's first input in the box, or after `holdMs`. Measured in a
 * ResizeObserver, which runs after layout, where reading positions costs no extra
 * layout. Returns what stops it.
 */
export function holdReplyTop(box: HTMLElement, list: HTMLElement, holdMs = 3000): () => void {
  const place = () => {
    const replies = list.querySelectorAll<HTMLElement>('article[data-message-id]');
    const reply = replies[replies.length - 1];
    if (!reply) return;
    const padding = parseFloat(getComputedStyle(box).paddingTop) || 0;
    const offset = reply.getBoundingClientRect().top - box.getBoundingClientRect().top - padding;
    if (Math.abs(offset) >= 1) box.scrollTop += offset;
  };
  const observer = new ResizeObserver(place);
  observer.observe(list);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of READER_INPUT) box.removeEventListener(type, stop);
  };
  const timer = setTimeout(stop, holdMs);
  for (const type of READER_INPUT) box.addEventListener(type, stop, { passive: true });
  return stop;
}
