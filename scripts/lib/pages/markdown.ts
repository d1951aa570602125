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
  return raw(markdown.render(source));
}
