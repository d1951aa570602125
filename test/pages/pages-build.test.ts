// The site pages the build writes from a corpus: where they are, what each holds, that nothing
// from the corpus reaches the markup unescaped, and every site.yaml `paths` setting that would
// give the API a URL the deployment does not serve, refused with its exact message.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { letterOf } from '../../scripts/lib/pages/index-page.ts';
import { pageTitle, scriptJson } from '../../scripts/lib/pages/layout.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const work = tempDir('lexicon-pages-');
let copies = 0;

/** A copy of the small corpus with some files replaced or edited. */
function corpusWith(edits: Record<string, (text: string) => string>): string {
  const dir = path.join(work, `corpus-${copies++}`);
  cpSync(SMALL_CORPUS, dir, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const full = path.join(dir, file);
    writeFileSync(full, edit(existsSync(full) ? readFileSync(full, 'utf8') : ''));
  }
  return dir;
}

async function build(corpusDir: string, options: { siteUrl?: string; deploymentUrl?: string } = {}) {
  const outDir = path.join(work, `out-${copies++}`);
  const result = await buildSite({ corpusDir, outDir, parallelChecks: false, ...options });
  return { result, outDir, read: (file: string) => readFileSync(path.join(outDir, file), 'utf8') };
}

const setPaths = (term: string, post: string) => (text: string) =>
  text
    .replace('term: /{locale}/lexicon/{slug}', `term: ${term}`)
    .replace('post: /{locale}/blog/{slug}', `post: ${post}`);

describe('the pages of the small corpus', () => {
  let out: Awaited<ReturnType<typeof build>>;
  const hostile = '</script><script>alert(1)</script> <img src=x onerror=alert(2)>';

  beforeAll(async () => {
    const corpus = corpusWith({
      // Markup in a definition, the body and a name: shown as text everywhere.
      'terms/sophia/en.md': (text) =>
        text
          .replace('It exists for the golden build.', `It exists for the golden build ${hostile.replace(/"/g, '')}.`)
          .replace('Sophia body text in English.', `Sophia body text in English. ${hostile} [x](javascript:alert(3))`),
    });
    out = await build(corpus, { siteUrl: 'https://lexicon.test' });
    expect(out.result.ok, JSON.stringify(out.result)).toBe(true);
  });

  it('writes a page per term and locale, an index per locale, the root and the post pages', () => {
    for (const file of [
      'index.html',
      'en/lexicon/index.html',
      'bg/lexicon/index.html',
      'en/lexicon/sophia.html',
      'bg/lexicon/sophia.html',
      'en/blog/fall-of-sophia.html',
      'bg/blog/fall-of-sophia.html',
    ])
      expect(existsSync(path.join(out.outDir, file)), file).toBe(true);
    expect(out.result.ok && out.result.pages).toEqual({ built: true, count: 1 + 2 + 6 * 2 + 2 * 2 });
    // One stylesheet for every page, named by its content, with its integrity.
    const link = /<link rel="stylesheet" href="(\/assets\/site-[0-9a-f]{16}\.css)" integrity="(sha384-[^"]+)">/.exec(
      out.read('en/lexicon/sophia.html'),
    )!;
    const css = readFileSync(path.join(out.outDir, link[1]!));
    expect(`sha384-${createHash('sha384').update(css).digest('base64')}`).toBe(link[2]);
    expect(out.read('bg/lexicon/index.html')).toContain(link[0]);
  });

  it('gives a term page its canonical URL, the other language and the JSON as alternates', () => {
    const page = out.read('bg/lexicon/sophia.html');
    expect(page).toContain('<html lang="bg">');
    expect(page).toContain('<link rel="canonical" href="https://lexicon.test/bg/lexicon/sophia">');
    expect(page).toContain('<link rel="alternate" hreflang="en" href="https://lexicon.test/en/lexicon/sophia">');
    expect(page).toContain('<link rel="alternate" hreflang="x-default" href="https://lexicon.test/en/lexicon/sophia">');
    expect(page).toContain(
      '<link rel="alternate" type="application/json" href="https://lexicon.test/api/lexicon/public/sophia?locale=bg"',
    );
    expect(page).toContain(
      '<link rel="alternate" type="text/turtle" href="https://lexicon.test/api/lexicon/public/sophia?format=turtle"',
    );
    expect(page).toContain(
      '<link rel="alternate" type="application/ld+json" href="https://lexicon.test/api/lexicon/public/sophia?format=jsonld"',
    );
    // Bulgarian labels, Bulgarian language name of the original form, a Bulgarian date.
    expect(page).toContain('<dt>Традиция</dt>');
    expect(page).toMatch(/<span lang="grc" class="original-form">Σοφία<\/span> <span class="muted">\(древногръцки\)/);
    expect(page).toContain('1 март 2025 г.');
    expect(page).toContain('<a href="/bg/blog/fall-of-sophia">Падението на София</a>');
  });

  it('embeds a schema.org DefinedTerm that a reader parses back to the term', () => {
    const page = out.read('en/lexicon/sophia.html');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]!;
    expect(json).not.toContain('<');
    const data = JSON.parse(json);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'DefinedTerm',
      name: 'Sophia',
      inLanguage: 'en',
      url: 'https://lexicon.test/en/lexicon/sophia',
      inDefinedTermSet: { '@type': 'DefinedTermSet', url: 'https://lexicon.test' },
    });
    expect(data.description).toContain('</script><script>alert(1)</script>');
  });

  it('never lets corpus text become markup', () => {
    const page = out.read('en/lexicon/sophia.html');
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page).not.toContain('<img');
    expect(page).not.toContain('href="javascript:');
    expect(page).toContain('&lt;img src=x onerror=alert(2)&gt;');
    // The index lists the name as text too, and each entry carries its filter values.
    expect(out.read('en/lexicon/index.html')).toContain(
      '<li data-slug="sophia" data-pillar="cosmology" data-tradition="Gnostic"><a href="/en/lexicon/sophia">Sophia</a></li>',
    );
  });

  it('lists every post term on the post page, linked in the same locale', () => {
    const page = out.read('bg/blog/fall-of-sophia.html');
    expect(page).toContain('<h1>Падението на София</h1>');
    expect(page).toContain('<a href="/bg/lexicon/demiurge">');
    expect(page).toContain('<link rel="alternate" hreflang="en" href="https://lexicon.test/en/blog/fall-of-sophia">');
  });

  it('files names under their first letter in the locale (Latin accents set aside, Й its own letter)', () => {
    expect(letterOf('Éon', 'en')).toBe('E');
    expect(letterOf('„Йога“', 'bg')).toBe('Й');
    expect(letterOf('æther', 'en')).toBe('Æ');
    expect(letterOf('42', 'en')).toBe('#');
  });
});

describe('page titles and embedded JSON', () => {
  it('keep a title within 70 characters as written in the markup', () => {
    expect(pageTitle('Sophia', 'Test Lexicon')).toBe('Sophia — Test Lexicon');
    // 41 + 3 + 26 = 70 characters, but `&` is written `&amp;`: the name alone.
    expect(pageTitle('Lesser Banishing Ritual of the Pentagramm', 'Gnostic & Esoteric Lexicon')).toBe(
      'Lesser Banishing Ritual of the Pentagramm',
    );
    const long = 'A Map of Heaven in the Apocryphon of John: From the Invisible Spirit to the Four Luminaries';
    expect(pageTitle(long, 'X')).toBe('A Map of Heaven in the Apocryphon of John: From the Invisible Spirit…');
  });

  it('writes `<` in JSON for a script element as \\u003c', () => {
    expect(scriptJson({ a: '</script><!--' })).toBe('{"a":"\\u003c/script>\\u003c!--"}');
  });
});

describe('site.yaml paths and pages', () => {
  it('links posts to a blog elsewhere and builds no post pages', async () => {
    const corpus = corpusWith({
      'site.yaml': setPaths('/{locale}/lexicon/{slug}', 'https://blog.example.org/{locale}/{slug}'),
    });
    const { result, outDir, read } = await build(corpus, { siteUrl: 'https://lexicon.test' });
    expect(result.ok && result.pages).toEqual({ built: true, count: 15, postsElsewhere: 'https://blog.example.org' });
    expect(existsSync(path.join(outDir, 'en/blog'))).toBe(false);
    expect(read('en/lexicon/sophia.html')).toContain('<a href="https://blog.example.org/en/fall-of-sophia">');
  });

  it('builds no pages when another site serves them, and keeps site.yaml siteUrl over the deployment URL', async () => {
    const corpus = corpusWith({ 'site.yaml': (text) => `${text}\npages: elsewhere\n` });
    const { result, outDir, read } = await build(corpus, { deploymentUrl: 'https://api-only.netlify.app' });
    expect(result.ok && result.pages).toEqual({ built: false });
    expect(result.ok && result.siteUrl).toBe('https://lexicon.test');
    expect(existsSync(path.join(outDir, 'index.html'))).toBe(false);
    expect(existsSync(path.join(outDir, 'en'))).toBe(false);
    expect(JSON.parse(read('api/lexicon/en/sophia.json')).data.url).toBe('https://lexicon.test/en/lexicon/sophia');
  });

  it('takes the deployment URL as the site when it serves the pages', async () => {
    const { result } = await build(SMALL_CORPUS, { deploymentUrl: 'https://deploy-preview-1.netlify.app' });
    expect(result.ok && result.siteUrl).toBe('https://deploy-preview-1.netlify.app');
  });

  it.each([
    [
      '/api/lexicon/pages/{locale}/{slug}',
      '/{locale}/blog/{slug}',
      'corpus/site.yaml: paths.term: the en index would be at /api/lexicon/pages/en/, inside /assets/, /api/, /dumps/, /_data/, /_headers, /_redirects, /healthz, /.netlify/, which belong to the API: choose another path',
    ],
    [
      '/lexicon/{slug}',
      '/{locale}/blog/{slug}',
      'corpus/site.yaml: paths.term: must contain {locale}: each language has its own page',
    ],
    [
      '/{locale}/{slug}/page',
      '/{locale}/blog/{slug}',
      'corpus/site.yaml: paths.term: must have {slug} in its last segment: the folder above it is the index of the locale',
    ],
    [
      '/{locale}/lexicon/{slug}',
      '/{locale}/lexicon/{slug}',
      'corpus/site.yaml: paths.post: the en page of post "sophia" and the en page of term "sophia" would both be at /en/lexicon/sophia; give them different paths',
    ],
    [
      '/{locale}/lexicon/{slug}',
      'https://lexicon.test/{locale}/blog/{slug}',
      'corpus/site.yaml: paths.post: names this site (https://lexicon.test) by an absolute URL; write it as a path ("/{locale}/blog/{slug}") so the build renders the post pages, or name the blog that publishes them',
    ],
    [
      '/{locale}/lexicon/{slug}?x=1',
      '/{locale}/blog/{slug}',
      'corpus/site.yaml: paths.term: may hold only letters, digits, "/", ".", "_", "~", "-" and {locale}, {slug}',
    ],
  ])('refuses paths.term %s with paths.post %s', async (term, post, message) => {
    const corpus = corpusWith({
      'site.yaml': setPaths(term, post),
      // A term whose page path is also a post's (for the paths.post case).
      'posts/fall-of-sophia.yaml': (text) => text.replace('slug: fall-of-sophia', 'slug: sophia'),
    });
    const { result, outDir } = await build(corpus, { siteUrl: 'https://lexicon.test' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.messages.map((m) => m.replace(/^.*site\.yaml/, 'corpus/site.yaml'))).toEqual([message]);
    expect(existsSync(outDir)).toBe(false);
  });
});
