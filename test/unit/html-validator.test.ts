// The site test validates 1,500 pages with a configuration resolved once (test/helpers/html-validator.ts):
// it must report exactly what html-validate's own loader reports, page after page.
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { pageValidator } from '../helpers/html-validator.ts';

const CONFIG = { extends: ['html-validate:recommended'] };

const GOOD =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Good</title></head><body><main><h1>Good</h1><p>Fine.</p></main></body></html>';
const BAD = [
  '<!DOCTYPE html><html><head><title>x</title></head><body><div><p>unclosed<img src=x></div><button>b</button></body></html>',
  '<!doctype html><html lang="en"><head><title>d</title></head><body><p id="a">1</p><p id="a">2</p></body></html>',
  '<!doctype html><html lang="en"><head><title>l</title></head><body><a href="#">x</a><input type="text"></body></html>',
];

async function messagesOf(validator: HtmlValidate, pages: string[]): Promise<string[][]> {
  const all: string[][] = [];
  for (const [index, page] of pages.entries()) {
    const report = await validator.validateString(page, `page-${index}.html`);
    all.push(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId} ${m.line}:${m.column} ${m.message}`)));
  }
  return all;
}

describe('the page validator with one resolved configuration', () => {
  it("reports exactly what html-validate's own loader reports, for every page in turn", async () => {
    const pages = [GOOD, ...BAD, GOOD, ...BAD.toReversed(), GOOD];
    const expected = await messagesOf(new HtmlValidate(CONFIG), pages);
    const actual = await messagesOf(pageValidator(CONFIG), pages);
    expect(actual).toEqual(expected);
    // Not a vacuous comparison: every bad page has problems, every good one none.
    expect(expected.map((m) => m.length > 0)).toEqual(pages.map((p) => p !== GOOD));
  });
});
