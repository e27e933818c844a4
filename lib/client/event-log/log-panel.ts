import { create } from 'zustand';

interface LogPanelState {
  open: boolean;
  /** The reply whose events show; undefined: the newest reply. */
  replyId?: string;
  /** A reply part picked from a log row, outlined in the chat. */
  highlight?: { replyId: string; part: number };
  /** Rows picked from outside the log (a reply's warning): its log scrolls to the first and marks them all. */
  focus?: { replyId: string; seqs: number[] };
}

export const useLogPanel = create<LogPanelState>(() => ({ open: false }));

export const toggleLogPanel = () => useLogPanel.setState((s) => ({ open: !s.open }));
export const closeLogPanel = () => useLogPanel.setState({ open: false });
export const showEventsOf = (replyId: string) => useLogPanel.setState({ open: true, replyId });
export const highlightPart = (replyId: string, part: number) => useLogPanel.setState({ highlight: { replyId, part } });
/** Opens the log on a reply's events, at these rows (SSE item seqs). */
export const focusLogRows = (replyId: string, seqs: number[]) =>
  useLogPanel.setState({ open: true, replyId, focus: { replyId, seqs } });
