import type { Root } from 'hast';

/** One markdown block of a reply's text part, to parse: the streaming tail or a finished block. */
export interface TreeRequest {
  id: string;
  part: number;
  index: number;
  text: string;
  streaming: boolean;
}

/** A block's tree, with the text and mode it was parsed from: the page shows it only while it is current, or while the reply still streams. */
export interface ParsedBlock {
  text: string;
  streaming: boolean;
  tree: Root;
}

export interface TreeAnswer extends ParsedBlock {
  id: string;
  part: number;
  index: number;
}
