import 'server-only';

/** What gives a request up: an AbortSignal, or the proxy's own `GiveUp`. */
export interface Abortable {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * An AbortController's part the proxy uses (aborted, its reason, the `abort` listeners),
 * without EventTarget's machinery: made and listened to for every request before it
 * leaves, that cost the first byte tens of microseconds on a cold cache
 * (docs/decisions.md: "The recording proxy's lean path"). Aborting twice changes nothing.
 */
export class GiveUp implements Abortable {
  aborted = false;
  reason?: unknown;
  private listeners: (() => void)[] = [];

  addEventListener(_type: 'abort', listener: () => void): void {
    if (!this.aborted) this.listeners.push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const at = this.listeners.indexOf(listener);
    if (at !== -1) this.listeners.splice(at, 1);
  }

  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }
}
