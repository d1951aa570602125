// The size limits of docs/architecture.md: no module over 300 lines, no function over 60 (tests
// and data tables aside), measured with the TypeScript compiler's own parse of every source file
// that ships. What is over today is listed below with its owner's reason; an entry that is no
// longer over fails too, so the list only shrinks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MODULE_LINES = 300;
const FUNCTION_LINES = 60;

/** Over the limit today, each with why (file, or file#function). */
const KNOWN_OVER: Record<string, string> = {};

function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function functionName(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return `(anonymous at line ${node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1})`;
}

/** Every module and function over its limit, as `file` and `file#function`. */
function overLimits(): Map<string, number> {
  const over = new Map<string, number>();
  const files = fg.sync(
    ['src/**/*.ts', 'runtime/**/*.ts', 'scripts/**/*.{ts,mjs}', 'functions/**/*.ts', 'bin/**/*.mjs'],
    {
      cwd: ROOT,
    },
  );
  for (const file of files) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    if (lineCount(text) > MODULE_LINES) over.set(file, lineCount(text));
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        if (end - start + 1 > FUNCTION_LINES) over.set(`${file}#${functionName(node)}`, end - start + 1);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return over;
}

describe('code size', () => {
  const over = overLimits();

  it(`has no module over ${MODULE_LINES} lines and no function over ${FUNCTION_LINES} beyond the known ones`, () => {
    const unexpected = [...over].filter(([name]) => !(name in KNOWN_OVER)).map(([name, lines]) => `${name}: ${lines}`);
    expect(unexpected, 'split these, or (a data table) list them in KNOWN_OVER with the reason').toEqual([]);
  });

  it('lists nothing in KNOWN_OVER that is within the limits now', () => {
    expect(Object.keys(KNOWN_OVER).filter((name) => !over.has(name))).toEqual([]);
  });
});
