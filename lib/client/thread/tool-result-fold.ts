/** A result longer than this, in lines or in characters, is folded: its first line shows, the rest a click away. */
const FOLD_LINES = 6;
const FOLD_CHARS = 400;

/** How a tool result sent shows in the chat: whole, or folded under a summary of its size and first line. */
export function resultFold(content: string): { folded: false } | { folded: true; lines: number; firstLine: string } {
  const lines = content.split('\n');
  if (lines.length <= FOLD_LINES && content.length <= FOLD_CHARS) return { folded: false };
  return { folded: true, lines: lines.length, firstLine: lines.find((l) => l.trim())?.trim() ?? '' };
}
