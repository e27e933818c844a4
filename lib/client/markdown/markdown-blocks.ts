/**
 * Splits markdown into top-level blocks at blank lines outside fenced code. Every
 * block but the last is finished; the last is the open tail, the only one a
 * streaming reply still changes.
 */
export function splitBlocks(text: string): string[] {
  const blocks: string[] = [];
  let start = 0;
  let fence: string | undefined;
  for (let i = 0; i < text.length;) {
    const nl = text.indexOf('\n', i);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(i, end);
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && fence === undefined) fence = marker;
    else if (marker && fence !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
      fence = undefined;
    else if (fence === undefined && nl !== -1 && line.trim() === '' && text.slice(start, i).trim() !== '') {
      blocks.push(text.slice(start, nl + 1));
      start = nl + 1;
    }
    if (nl === -1) break;
    i = nl + 1;
  }
  blocks.push(text.slice(start));
  return blocks;
}

/**
 * A copy of `s` that owns its characters. V8 cuts a slice out of a string without
 * copying, so the slice keeps its whole source alive; a streaming reply's text is a new
 * string at every update, and each finished block held on to the one it was cut from
 * (71 MB of the page's heap after a 50k-token reply, and the GC pauses that go with it).
 */
function owned(s: string): string {
  return (' ' + s).slice(1);
}

/**
 * The same split, incrementally: text that only grew is split from where the tail
 * began, so a frame's work is the size of the tail, not of the whole reply.
 */
export class BlockSplitter {
  private text = '';
  private done: string[] = [];
  private doneLength = 0;
  private tail = '';

  update(text: string): { done: string[]; tail: string } {
    if (text !== this.text) {
      if (!text.startsWith(this.text)) {
        this.done = [];
        this.doneLength = 0;
      }
      const blocks = splitBlocks(text.slice(this.doneLength));
      const finished = blocks.slice(0, -1).map(owned);
      if (finished.length > 0) {
        this.done = [...this.done, ...finished];
        this.doneLength += finished.reduce((n, b) => n + b.length, 0);
      }
      this.tail = blocks.at(-1) ?? '';
      this.text = text;
    }
    return { done: this.done, tail: this.tail };
  }
}
