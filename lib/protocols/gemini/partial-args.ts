/**
 * Vertex streams a function call's arguments as `partialArgs`: each a JSONPath
 * (`$.recipe.steps[0].name`, `$['a.b']`) and a value, strings arriving in pieces
 * while `willContinue` is set. This builds the nested value those paths describe.
 */
type Key = string | number;

/** The keys of a JSONPath: `.name`, `[0]`, `['quoted']` or `["quoted"]` (with backslash escapes). */
export function pathKeys(path: string): Key[] {
  const keys: Key[] = [];
  let i = path.startsWith('$') ? 1 : 0;
  while (i < path.length) {
    const c = path[i]!;
    if (c === '.') {
      let end = i + 1;
      while (end < path.length && path[end] !== '.' && path[end] !== '[') end++;
      keys.push(path.slice(i + 1, end));
      i = end;
    } else if (c === '[' && (path[i + 1] === "'" || path[i + 1] === '"')) {
      const quote = path[i + 1]!;
      let key = '';
      let j = i + 2;
      for (; j < path.length && path[j] !== quote; j++) key += path[j] === '\\' ? (path[++j] ?? '') : path[j];
      keys.push(key);
      i = path.indexOf(']', j) + 1 || path.length;
    } else if (c === '[') {
      const end = path.indexOf(']', i);
      const inside = path.slice(i + 1, end === -1 ? path.length : end);
      keys.push(/^\d+$/.test(inside) ? Number(inside) : inside);
      i = end === -1 ? path.length : end + 1;
    } else {
      // A bare name at the start (`location` without `$.`).
      let end = i;
      while (end < path.length && path[end] !== '.' && path[end] !== '[') end++;
      keys.push(path.slice(i, end));
      i = end;
    }
  }
  return keys;
}

/** Sets `value` at `path` in `root`, making objects and arrays on the way; a string continues the string already there. */
export function setAtPath(root: Record<string, unknown>, path: string, value: unknown): void {
  const keys = pathKeys(path);
  if (keys.length === 0) return;
  let node: Record<Key, unknown> = root;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      const before = node[key];
      node[key] = typeof value === 'string' && typeof before === 'string' ? before + value : value;
      return;
    }
    const next = keys[i + 1]!;
    const child = node[key];
    if (typeof child !== 'object' || child === null) node[key] = typeof next === 'number' ? [] : {};
    node = node[key] as Record<Key, unknown>;
  });
}
