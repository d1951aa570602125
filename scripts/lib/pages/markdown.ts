// Term bodies (and post bodies) from Markdown to HTML with markdown-it: raw HTML in the source is
// shown as text, never passed through, and markdown-it refuses javascript:, vbscript: and data:
// link targets. Headings move down one level, so the page's only <h1> is the term's name.
import MarkdownIt from 'markdown-it';
import { raw, type Html } from '../docs-page/html.ts';

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

markdown.core.ruler.push('demote_headings', (state) => {
  for (const token of state.tokens) {
    if ((token.type === 'heading_open' || token.type === 'heading_close') && token.tag === 'h1') token.tag = 'h2';
  }
  return true;
});

export function renderMarkdown(source: string): Html {
  return raw(plainMarkdown(source) ?? markdown.render(source));
}

/** A character that may start inline syntax (code, emphasis, links, entities, escapes), a table or a heading; or one markdown-it rewrites. */
const INLINE_SYNTAX = /[\\`~*_[\]<&|#\t\r\0]/;
/** A line start that may open a block: a quote, a list, a rule, a setext underline, indented code. */
const BLOCK_START = /^[>\-+=\d\s]/;
const HEADING = /^(#{1,6}) (.*)$/;
const escapeText = (text: string) => text.replaceAll('"', '&quot;').replaceAll('>', '&gt;');

/**
 * What markdown-it renders for a body of plain prose: paragraphs and ATX headings whose lines
 * hold none of Markdown's syntax (most term bodies: headings and paragraphs); undefined for
 * anything else, which markdown-it renders. It parsed every such body a character at a time,
 * most of the site pages' CPU. The unit test holds the two to the same bytes for any input.
 */
export function plainMarkdown(source: string): string | undefined {
  let out = '';
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) out += `<p>${escapeText(paragraph.join('\n'))}</p>\n`;
    paragraph = [];
  };
  for (const line of source.split('\n')) {
    if (line === '') {
      endParagraph();
      continue;
    }
    const heading = HEADING.exec(line);
    const text = heading ? (heading[2] as string) : line;
    // Whitespace at either end is trimmed, or makes a hard break, indented code or a blank line.
    if (text === '' || text.trim() !== text || INLINE_SYNTAX.test(text)) return undefined;
    if (heading) {
      endParagraph();
      const tag = `h${Math.max(2, (heading[1] as string).length)}`;
      out += `<${tag}>${escapeText(text)}</${tag}>\n`;
    } else if (BLOCK_START.test(line)) return undefined;
    else paragraph.push(line);
  }
  endParagraph();
  return out;
}
