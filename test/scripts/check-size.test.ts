// Files a newcomer can hold in the head: the limits hold for src/, and the measure is the one the
// script states (callbacks count for the function they are written in, named inner functions not;
// a function's span, its inner functions included, has a bound of its own).
import { describe, expect, it } from 'vitest';
import { functionsOf, measure, overLimits } from '../../scripts/check-size.js';

describe('size limits', () => {
  it('no file in src/ is over 400 lines, no function over 80 of its own and none spanning over 150', () => {
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

  // A factory closure of short methods: each spans 10 lines, the closure `lines` in all (10 of its own).
  const closure = (lines: number) => {
    const method = (i: number) => [
      `  function step${i}() {`,
      ...Array.from({ length: 8 }, (_, j) => `    x += ${j};`),
      '  }',
    ];
    const methods = (lines - 10) / 10;
    return [
      'export function createThing() {',
      '  let x = 0;',
      ...Array.from({ length: 6 }, (_, j) => `  x += ${j};`),
      ...Array.from({ length: methods }, (_, i) => method(i)).flat(),
      `  return [${Array.from({ length: methods }, (_, i) => `step${i}`).join(', ')}];`,
      '}',
    ].join('\n');
  };

  it('fails a closure spanning 160 lines with its inner functions, though each is short', () => {
    const fns = functionsOf('x.ts', closure(160));
    const outer = fns.find((f) => f.name === 'createThing');
    // 160 lines: 10 of its own, 15 methods of 10
    expect(outer).toMatchObject({ lines: 10, span: 160 });
    expect(fns.filter((f) => f.name !== 'createThing').every((f) => f.lines === 10 && f.span === 10)).toBe(true);
    expect(overLimits({ files: [], functions: fns })).toEqual([
      'x.ts:1 createThing: 160 lines with its inner functions (limit 150)',
    ]);
  });

  it('passes a closure spanning 140 lines', () => {
    const fns = functionsOf('x.ts', closure(140));
    expect(fns.find((f) => f.name === 'createThing')).toMatchObject({ lines: 10, span: 140 });
    expect(overLimits({ files: [], functions: fns })).toEqual([]);
  });
});
