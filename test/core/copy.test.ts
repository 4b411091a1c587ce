import { describe, expect, it } from 'vitest';
import { copyOwn } from '../../src/core/copy.js';

describe('copyOwn', () => {
  it('copies own enumerable string keys in order onto a fresh plain object', () => {
    const source = Object.create({ inherited: 1 }) as Record<string, unknown>;
    source.b = 2;
    source.a = { nested: true };
    Object.defineProperty(source, 'hidden', { value: 3, enumerable: false });
    const copy = copyOwn(source);
    expect(copy).not.toBe(source);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['b', 'a']);
    expect(copy.a).toBe(source.a);
    copy.c = 4;
    expect(source.c).toBeUndefined();
  });

  it('keeps a JSON __proto__ key as an own data property, never as the prototype', () => {
    const source = JSON.parse('{"x":1,"__proto__":{"polluted":true},"y":2}');
    const copy = copyOwn(source);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.keys(copy)).toEqual(['x', '__proto__', 'y']);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(source));
  });
});
