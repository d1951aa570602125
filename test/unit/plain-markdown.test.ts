// The plain-prose path of the pages' Markdown (pages/markdown.ts plainMarkdown) renders the
// bytes markdown-it renders, for any input it takes; it takes the common bodies (headings and
// paragraphs of prose) and leaves everything else to markdown-it.
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { plainMarkdown, renderMarkdown } from '../../scripts/lib/pages/markdown.ts';

/** markdown-it alone, configured as markdown.ts configures it. */
const markdownIt = new MarkdownIt({ html: false, linkify: false, typographer: false });
markdownIt.core.ruler.push('demote_headings', (state) => {
  for (const token of state.tokens)
    if ((token.type === 'heading_open' || token.type === 'heading_close') && token.tag === 'h1') token.tag = 'h2';
  return true;
});

const PUNCTUATION = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];
const word = fc.string({
  unit: fc.oneof(
    fc.constantFrom('a', 'Z', 'я', 'Ѫ', 'é', '„', '“', '–', '—', '…', '\u0300', '1'),
    fc.constantFrom(...PUNCTUATION),
  ),
  minLength: 1,
  maxLength: 6,
});
const spaces = fc.constantFrom(' ', ' ', ' ', '  ', '\t', '\u00a0', '');
const prose = fc.array(fc.tuple(word, spaces), { minLength: 1, maxLength: 8 }).map((parts) => parts.flat().join(''));
const line = fc.oneof(
  prose,
  prose,
  fc.constant(''),
  fc.constantFrom(' ', '\r', '\u0000', '---', '===', '***', '> x', '- x', '1. x', '    code'),
  fc
    .tuple(fc.integer({ min: 1, max: 7 }), spaces, prose)
    .map(([level, space, text]) => `${'#'.repeat(level)}${space}${text}`),
);
const document = fc.array(line, { maxLength: 12 }).map((lines) => lines.join('\n'));

describe('plainMarkdown', () => {
  it('renders what markdown-it renders, for any input it takes', () => {
    let taken = 0;
    fc.assert(
      fc.property(document, (source) => {
        const plain = plainMarkdown(source);
        if (plain === undefined) return;
        taken++;
        expect(plain).toBe(markdownIt.render(source));
      }),
      { numRuns: 5000 },
    );
    // Not vacuous: a good share of the inputs took the plain path.
    expect(taken).toBeGreaterThan(500);
  });

  it('takes headings and paragraphs of prose, and leaves Markdown syntax to markdown-it', () => {
    const body =
      '# Overview\n\nSophia "wisdom" > knowledge.\nЛогос и София.\n### Sources\nIrenaeus, Against Heresies.\n';
    expect(plainMarkdown(body)).toBe(
      '<h2>Overview</h2>\n<p>Sophia &quot;wisdom&quot; &gt; knowledge.\nЛогос и София.</p>\n<h3>Sources</h3>\n<p>Irenaeus, Against Heresies.</p>\n',
    );
    expect(renderMarkdown(body).value).toBe(markdownIt.render(body));
    for (const source of ['a *b*', 'a [b](c)', '- a', '1. a', '> a', 'a  \nb', 'a & b', 'a\n---', '    a', 'a | b'])
      expect(plainMarkdown(source)).toBeUndefined();
  });
});
