// Files a newcomer can hold in the head: the limits hold for src/, and the measure is the one the
// script states (callbacks count for the function they are written in, named inner functions not).
import { describe, expect, it } from 'vitest';
import { functionsOf, measure, overLimits } from '../../scripts/check-size.js';

describe('size limits', () => {
  it('no file in src/ is over 400 lines and no function over 80', () => {
    const m = measure('src');
    expect(m.files.length).toBeGreaterThan(100);
    expect(overLimits(m)).toEqual([]);
  });

  it('counts a callback for its function and a named inner function for itself', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `    x += ${i};`).join('\n');
    const text = [
      'export function outer(items: number[]) {',
      '  let x = 0;',
      '  items.forEach(() => {',
      body(5),
      '  });',
      '  function inner() {',
      body(10),
      '  }',
      '  const arrow = () => {',
      body(3),
      '  };',
      '  return [inner, arrow, x];',
      '}',
    ].join('\n');
    const fns = Object.fromEntries(functionsOf('x.ts', text).map((f) => [f.name, f.lines]));
    // 28 lines in all: inner (12) and arrow (5) count for themselves; the forEach callback (7) for outer
    expect(fns).toEqual({ inner: 12, arrow: 5, outer: 28 - 12 - 5 });
  });
});
