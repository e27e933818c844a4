import { create } from 'zustand';

interface LogPanelState {
  open: boolean;
  /** The reply whose events show; undefined: the newest reply. */
  replyId?: string;
  /** A reply part picked from a log row, outlined in the chat. */
  highlight?: { replyId: string; part: number };
}

export const useLogPanel = create<LogPanelState>(() => ({ open: false }));

export const toggleLogPanel = () => useLogPanel.setState((s) => ({ open: !s.open }));
export const closeLogPanel = () => useLogPanel.setState({ open: false });
export const showEventsOf = (replyId: string) => useLogPanel.setState({ open: true, replyId });
export const highlightPart = (replyId: string, part: number) => useLogPanel.setState({ highlight: { replyId, part } });
