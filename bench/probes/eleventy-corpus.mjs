// Eleventy 3 (peer) building the same corpus as `npm run build` reads: every Markdown file of
// corpus/terms (its front matter parsed by Eleventy, its body rendered by Eleventy's Markdown),
// one JSON file per term and locale through a JavaScript layout. Eleventy reads no term.yaml
// (it is not a template). Run as a whole process, like `npm run build`: the import is timed too.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Eleventy from '@11ty/eleventy';

const [corpusDir, outDir, siteDir] = process.argv.slice(2);
mkdirSync(path.join(siteDir, '_includes'), { recursive: true });
symlinkSync(path.resolve(corpusDir, 'terms'), path.join(siteDir, 'terms'));
writeFileSync(
  path.join(siteDir, '_includes', 'term.11ty.js'),
  `export function render(data) {
  const { term, definition, etymology, pronunciation, aliases } = data;
  return JSON.stringify({ data: { term, definition, etymology, pronunciation, aliases, fullContent: data.content } });
}
`,
);
const eleventy = new Eleventy(siteDir, outDir, {
  quietMode: true,
  config: (config) => {
    config.setTemplateFormats(['md']);
    config.addGlobalData('layout', 'term.11ty.js');
    config.addGlobalData('permalink', () => (data) => `terms/${data.page.filePathStem.split('/terms/').pop()}.json`);
    // Bodies are Markdown only: no template language runs over them first.
    return { markdownTemplateEngine: false };
  },
});
await eleventy.write();
console.log(JSON.stringify({ maxRssMb: process.resourceUsage().maxRSS / 1024 }));
