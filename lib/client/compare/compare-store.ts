import { create } from 'zustand';
import type { ChatParams } from '@/lib/protocols/conversation';
import type { BlindVote } from '@/lib/api/blind';
import type { RaceSeries } from './race-series';
import type { Thread } from '../thread/thread-runner';

/** One model in the race: a thread (its messages live in the page's pool, like the chat's), with its key. */
export interface Pane extends Thread {
  key: string;
}

export interface CompareState {
  /** The compare session, once created. */
  compareId?: string;
  panes: Pane[];
  /** Parameters every pane's requests carry: a race opened from a capture has its tools and settings. */
  params?: ChatParams;
  /**
   * A blind race: its panes are "A", "B", … (provider BLIND_PROVIDER, model the label)
   * until the vote. Before the first send, the switch; after, what the session is.
   */
  blind?: boolean;
  /** The blind race's vote, once cast: it names the panes. */
  vote?: BlindVote;
  /** Counts the panes' races replaced by their stored ones (settle-race.ts): the chart draws them again. */
  settledRaces?: number;
}

export const MIN_PANES = 2;
export const MAX_PANES = 6;

let nextKey = 0;
export const newPane = (provider?: string, model?: string): Pane => ({ key: `pane-${nextKey++}`, provider, model, order: [] });

export const useCompareStore = create<CompareState>(() => ({ panes: [] }));

export function updatePane(key: string, patch: Partial<Pane> | ((pane: Pane) => Partial<Pane>)): void {
  useCompareStore.setState((s) => ({
    panes: s.panes.map((p) => (p.key === key ? { ...p, ...(typeof patch === 'function' ? patch(p) : patch) } : p)),
  }));
}

export const paneOf = (key: string) => useCompareStore.getState().panes.find((p) => p.key === key);

/**
 * Each pane's race, for the chart and the pane's live rate. Kept out of React and
 * the store; the chart reads it ten times a second.
 */
export const raceSeries = new Map<string, RaceSeries>();
/** How many panes' replies this page is reading: the chart redraws while any is. */
export const race = { running: 0 };
