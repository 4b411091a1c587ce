/**
 * @module core/structure
 * JSON text of a value of any depth, without recursion: `JSON.stringify` overflows the stack on deeply
 * nested input (a server can send 100,000 levels), and a subtree past `maxDepth` must become text anyway.
 * Cycles (possible only for in-process callers) become `"[Circular]"`.
 */

type Frame =
  | { readonly kind: 'array'; readonly value: readonly unknown[]; index: number }
  | {
      readonly kind: 'object';
      readonly value: Record<string, unknown>;
      readonly keys: string[];
      index: number;
      wrote: boolean;
    };

function scalar(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return JSON.stringify(value.toString());
    case 'object':
      return value === null ? 'null' : undefined;
    default:
      return undefined; // functions, symbols, undefined: skipped in objects, null in arrays (as JSON does)
  }
}

/** Compact JSON text of `value`, however deep. */
export function stringifyIteratively(root: unknown): string {
  const parts: string[] = [];
  const stack: Frame[] = [];
  const open = new Set<object>();

  const enter = (value: unknown): boolean => {
    const text = scalar(value);
    if (text !== undefined) {
      parts.push(text);
      return true;
    }
    if (typeof value !== 'object' || value === null) return false;
    if (open.has(value)) {
      parts.push('"[Circular]"');
      return true;
    }
    open.add(value);
    if (Array.isArray(value)) {
      parts.push('[');
      stack.push({ kind: 'array', value, index: 0 });
    } else {
      parts.push('{');
      const record = value as Record<string, unknown>;
      stack.push({ kind: 'object', value: record, keys: Object.keys(record), index: 0, wrote: false });
    }
    return true;
  };

  if (!enter(root)) return 'null';
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.kind === 'array') {
      if (frame.index >= frame.value.length) {
        parts.push(']');
        open.delete(frame.value);
        stack.pop();
        continue;
      }
      if (frame.index > 0) parts.push(',');
      const item = frame.value[frame.index++];
      if (!enter(item)) parts.push('null');
    } else {
      if (frame.index >= frame.keys.length) {
        parts.push('}');
        open.delete(frame.value);
        stack.pop();
        continue;
      }
      const key = frame.keys[frame.index++]!;
      const item = frame.value[key];
      if (scalar(item) === undefined && (typeof item !== 'object' || item === null)) continue;
      if (frame.wrote) parts.push(',');
      frame.wrote = true;
      parts.push(JSON.stringify(key), ':');
      enter(item);
    }
  }
  return parts.join('');
}
