const NON_ASCII = /[^\x00-\x7f]/;

/** UTF-8 byte length of a string, without allocating; pure ASCII (most events) costs one native scan. */
export function utf8Length(text: string): number {
  const first = NON_ASCII.exec(text);
  if (first === null) return text.length;
  let bytes = first.index;
  for (let i = first.index; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
