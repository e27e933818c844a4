import 'server-only';
/** `names` replaced by `label` wherever they occur, whatever their case, longest first: an error message that names the upstream. */
export function scrubNames(text: string, names: readonly string[], label: string): string {
  const sorted = [...new Set(names.map((n) => n.trim()).filter((n) => n.length >= 2))].sort((a, b) => b.length - a.length);
  if (sorted.length === 0) return text;
  return text.replace(new RegExp(sorted.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi'), label);
}
