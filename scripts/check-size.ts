// Keeps files small enough to hold in the head: no file in src/ over 400 lines (ABI tables aside), no
// function over 80 lines of its own, and no function spanning over 150 with its inner functions. A
// function's own length is its whole span, callbacks written inside it included (a transaction's body,
// a map's arrow: they are part of its job), less the named functions declared inside it (a factory's
// methods and helpers count for themselves); its span is all of it, so a factory closure of 300 lines
// fails even when each of its methods is short. Prints the largest file, function and span, then every
// one past its limit; exits 1 if there is any.   npx tsx scripts/check-size.ts [--top N]
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 80;
export const MAX_FUNCTION_SPAN = 150;
/** Tables of data, not logic: the contracts' ABIs. */
const EXEMPT_FILES = new Set(['src/tron/abi.ts']);

export interface Measured {
  file: string;
  name: string;
  line: number;
  lines: number;
}

/** A function: `lines` are its own (less its named inner functions), `span` all of it. */
export interface MeasuredFunction extends Measured {
  span: number;
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

const isFunction = (n: ts.Node): n is ts.FunctionLikeDeclaration =>
  ts.isFunctionDeclaration(n) ||
  ts.isMethodDeclaration(n) ||
  ts.isArrowFunction(n) ||
  ts.isFunctionExpression(n) ||
  ts.isConstructorDeclaration(n) ||
  ts.isGetAccessorDeclaration(n) ||
  ts.isSetAccessorDeclaration(n);

function nameOf(n: ts.FunctionLikeDeclaration, sf: ts.SourceFile): string {
  if (n.name) return n.name.getText(sf);
  const p = n.parent;
  if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p))
    return p.name.getText(sf);
  if (ts.isCallExpression(p)) return `callback of ${p.expression.getText(sf).slice(0, 40)}`;
  return '(anonymous)';
}

/** A function with a name of its own (declared, a method, or assigned); the rest are callbacks. */
const isNamed = (n: ts.FunctionLikeDeclaration): boolean =>
  !(ts.isArrowFunction(n) || ts.isFunctionExpression(n)) ||
  ts.isVariableDeclaration(n.parent) ||
  ts.isPropertyAssignment(n.parent) ||
  ts.isPropertyDeclaration(n.parent);

/** Every named function of a file with its own length (its span less the named functions declared inside) and its span. */
export function functionsOf(file: string, text: string): MeasuredFunction[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line;
  const span = (n: ts.Node) => lineOf(n.getEnd()) - lineOf(n.getStart(sf)) + 1;
  const out: MeasuredFunction[] = [];
  const visit = (node: ts.Node, owner: { nested: number } | undefined) => {
    if (isFunction(node) && (isNamed(node) || !owner)) {
      const lines = span(node);
      if (owner) owner.nested += lines;
      const me = { nested: 0 };
      ts.forEachChild(node, (c) => visit(c, me));
      const line = lineOf(node.getStart(sf)) + 1;
      out.push({ file, name: nameOf(node, sf), line, lines: lines - me.nested, span: lines });
      return;
    }
    ts.forEachChild(node, (c) => visit(c, owner));
  };
  visit(sf, undefined);
  return out;
}

export function measure(root = 'src'): { files: Measured[]; functions: MeasuredFunction[] } {
  const files: Measured[] = [];
  const functions: MeasuredFunction[] = [];
  for (const file of walk(root).sort()) {
    const text = fs.readFileSync(file, 'utf8');
    const rel = file.split(path.sep).join('/');
    files.push({ file: rel, name: rel, line: 1, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) });
    functions.push(...functionsOf(rel, text));
  }
  return { files, functions };
}

export function overLimits(m: { files: Measured[]; functions: MeasuredFunction[] } = measure()): string[] {
  return [
    ...m.files
      .filter((f) => f.lines > MAX_FILE_LINES && !EXEMPT_FILES.has(f.file))
      .map((f) => `${f.file}: ${f.lines} lines (limit ${MAX_FILE_LINES})`),
    ...m.functions
      .filter((f) => f.lines > MAX_FUNCTION_LINES)
      .map((f) => `${f.file}:${f.line} ${f.name}: ${f.lines} lines (limit ${MAX_FUNCTION_LINES})`),
    ...m.functions
      .filter((f) => f.span > MAX_FUNCTION_SPAN)
      .map(
        (f) => `${f.file}:${f.line} ${f.name}: ${f.span} lines with its inner functions (limit ${MAX_FUNCTION_SPAN})`,
      ),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const top = Number(process.argv[process.argv.indexOf('--top') + 1]) || 1;
  const m = measure();
  const by = (a: Measured, b: Measured) => b.lines - a.lines;
  const files = m.files.filter((f) => !EXEMPT_FILES.has(f.file)).sort(by);
  const fns = [...m.functions].sort(by);
  const spans = [...m.functions].sort((a, b) => b.span - a.span);
  for (const f of files.slice(0, top)) console.log(`largest file: ${f.file} (${f.lines} lines)`);
  for (const f of fns.slice(0, top))
    console.log(`largest function: ${f.name} at ${f.file}:${f.line} (${f.lines} lines)`);
  for (const f of spans.slice(0, top))
    console.log(`largest span: ${f.name} at ${f.file}:${f.line} (${f.span} lines with its inner functions)`);
  const over = overLimits(m);
  for (const o of over) console.log(`over: ${o}`);
  if (over.length) process.exitCode = 1;
}
