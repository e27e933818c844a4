/** Says a capture was asked for as a WebSocket upgrade: beside its method, in the list and on its page. */
export function WebSocketBadge() {
  return (
    <span className="inline-flex items-center rounded bg-indigo-50 px-1.5 py-0.5 font-sans text-xs text-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-300">
      WebSocket
    </span>
  );
}
