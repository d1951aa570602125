// The terminology dumps read back with independent parsers (n3 for Turtle, jsonld for JSON-LD,
// @xmldom/xmldom and xmllint for TBX) must state every term, label, definition and relation
// of the API's records in both locales; SKOS integrity is checked with SHACL.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import jsonld from 'jsonld';
import { Parser, Store, type Quad } from 'n3';
import SHACLValidator from 'rdf-validate-shacl';
import { describe, expect, it } from 'vitest';
import { conceptFilePath, LICENSE_URL, LOCALES, type Locale } from '../../src/contract/facts.ts';
import { ManifestSchema, type DumpFile } from '../../src/contract/dump-schemas.ts';
import { conceptsOf, conceptUri, pillarUri, schemeUri, traditionUri } from '../../scripts/lib/formats/concepts.ts';
import { conceptTurtle, conceptTurtleFromDump } from '../../scripts/lib/formats/concept-files.ts';
import { conceptQuads, conceptThesaurus } from '../../scripts/lib/formats/skos.ts';
import { loadCorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';
import { TBX_NAMESPACE, tbxConceptId } from '../../scripts/lib/formats/tbx.ts';
import { validateCorpus, type Corpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { FIXTURES, smallCorpusFiles } from '../helpers/corpus-fixtures.ts';
import { pythonWith } from '../helpers/external-readers.ts';
import { emitInMemory, type EmittedSite } from '../helpers/in-memory-site.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

function corpusOf(files: Awaited<ReturnType<typeof loadCorpusFiles>>): Corpus {
  const validation = validateCorpus(files);
  if (!validation.ok) throw new Error('invalid corpus');
  return validation.corpus;
}

const small = await emitInMemory(corpusOf(smallCorpusFiles()));
const bundled = await emitInMemory(corpusOf(await loadCorpusFiles(path.resolve(import.meta.dirname, '../../corpus'))));

function dumpText(site: EmittedSite, format: DumpFile['format']): string {
  const manifest = ManifestSchema.parse(JSON.parse(site.files.get('dumps/manifest.json') as string));
  const file = manifest.files.find((f) => f.format === format)!;
  const content = site.files.get(file.path.slice(1))!;
  return typeof content === 'string' ? content : new TextDecoder().decode(content);
}

const turtleQuads = (site: EmittedSite) => new Parser({ format: 'text/turtle' }).parse(dumpText(site, 'skos-turtle'));
async function jsonLdQuads(text: string): Promise<Quad[]> {
  // No documentLoader: the file must read offline, with no remote context.
  const nquads = (await jsonld.toRDF(JSON.parse(text), { format: 'application/n-quads' })) as unknown as string;
  return new Parser({ format: 'application/n-quads' }).parse(nquads);
}
const key = (q: Quad) =>
  `${q.subject.value} ${q.predicate.value} ${q.object.termType}:${q.object.value}@${q.object.termType === 'Literal' ? q.object.language : ''}`;

/** Each store's quads by subject and predicate, read once (n3's getQuads per call cost ~50 µs). */
const objectIndexes = new WeakMap<Store, Map<string, string[]>>();

/** Objects of (subject, predicate), as "value@lang" for literals and the IRI otherwise. */
function objects(store: Store, subject: string, predicate: string): string[] {
  let index = objectIndexes.get(store);
  if (!index) {
    index = new Map();
    for (const { subject: s, predicate: p, object } of store.getQuads(null, null, null, null)) {
      const key = `${s.value} ${p.value}`;
      const value = object.termType === 'Literal' ? `${object.value}@${object.language}` : object.value;
      index.set(key, [...(index.get(key) ?? []), value]);
    }
    objectIndexes.set(store, index);
  }
  return [...(index.get(`${subject} ${predicate}`) ?? [])].sort();
}

/**
 * skos:related of a concept, worked out from the API records: every cross-link in either
 * direction, except those to a concept above or below it (those are hierarchical).
 */
function expectedRelated(site: EmittedSite, slug: string): string[] {
  const broader = (s: string) => site.records.details.get(s)?.broader ?? [];
  const above = (s: string): string[] => broader(s).flatMap((p) => [p, ...above(p)]);
  const hierarchical = (a: string, b: string) => above(a).includes(b) || above(b).includes(a);
  return [...(linksOf(site).get(slug) ?? [])].filter((other) => !hierarchical(slug, other));
}

/** Each term's cross-links in either direction, worked out once per site (not once per term). */
const linksBySite = new WeakMap<EmittedSite, Map<string, Set<string>>>();
function linksOf(site: EmittedSite): Map<string, Set<string>> {
  let links = linksBySite.get(site);
  if (links) return links;
  links = new Map();
  const link = (from: string, to: string) => links!.set(from, (links!.get(from) ?? new Set()).add(to));
  for (const term of site.records.locales.en.terms)
    for (const other of term.relatedTerms) {
      link(term.slug, other);
      link(other, term.slug);
    }
  linksBySite.set(site, links);
  return links;
}

describe.each([
  ['the small fixture', small],
  ['the bundled corpus', bundled],
])('SKOS of %s', (_name, site) => {
  const quads = turtleQuads(site);
  const store = new Store(quads);
  const { siteUrl } = site.records;

  it('Turtle (read with n3) states every term, label, definition and relation of the API records, in both locales', () => {
    const en = site.records.locales.en.terms;
    expect(
      store
        .getSubjects(RDF_TYPE, `${SKOS}Concept`, null)
        .map((s) => s.value)
        .sort(),
    ).toEqual(en.map((t) => conceptUri(siteUrl, t.slug)).sort());
    // What the Turtle states of each term and what the API records say it must, gathered and
    // compared once: one deep comparison instead of thousands of expect() calls (which cost the
    // most here, about a second, and took the test past its time bound on a loaded machine).
    const stated: Record<string, Record<string, string[]>> = {};
    const recorded: Record<string, Record<string, string[]>> = {};
    for (const locale of LOCALES) {
      for (const term of site.records.locales[locale].terms) {
        const uri = conceptUri(siteUrl, term.slug);
        const details = site.records.details.get(term.slug)!;
        const tagged = (values: string[]) => values.filter((v) => v.endsWith(`@${locale}`));
        const originalHere =
          details.termOriginalLang === locale && term.termOriginal !== term.term ? [term.termOriginal!] : [];
        const of = (predicate: string) => objects(store, uri, `${SKOS}${predicate}`);
        const concept = `${term.slug}@${locale}`;
        stated[concept] = {
          prefLabel: tagged(of('prefLabel')),
          altLabel: tagged(of('altLabel')),
          definition: tagged(of('definition')),
          historyNote: tagged(of('historyNote')),
          related: of('related'),
          broader: of('broader'),
          notation: of('notation'),
          topConceptOf: of('topConceptOf'),
          inScheme: of('inScheme'),
        };
        recorded[concept] = {
          prefLabel: [`${term.term}@${locale}`],
          altLabel: [...new Set([...details.aliases[locale], ...originalHere])].map((a) => `${a}@${locale}`).sort(),
          definition: [`${term.definition}@${locale}`],
          historyNote: term.etymology ? [`${term.etymology}@${locale}`] : [],
          related: expectedRelated(site, term.slug)
            .map((s) => conceptUri(siteUrl, s))
            .sort(),
          broader: details.broader.map((s) => conceptUri(siteUrl, s)).sort(),
          notation: [`${term.slug}@`],
          topConceptOf: details.broader.length === 0 ? [schemeUri(siteUrl)] : [],
          inScheme: [schemeUri(siteUrl)],
        };
        // The original-script form, with its own language tag (untagged when the corpus has none).
        if (term.termOriginal && !(LOCALES as readonly string[]).includes(details.termOriginalLang ?? '')) {
          const predicate = details.termOriginalLang ? 'prefLabel' : 'altLabel';
          const original = `${term.termOriginal}@${details.termOriginalLang ?? ''}`;
          stated[concept].original = of(predicate).filter((value) => value === original);
          recorded[concept].original = [original];
        }
      }
    }
    expect(stated).toEqual(recorded);
    for (const tradition of site.records.traditions) {
      expect(objects(store, traditionUri(siteUrl, tradition.name), `${SKOS}member`)).toEqual(
        en
          .filter((t) => t.tradition === tradition.name)
          .map((t) => conceptUri(siteUrl, t.slug))
          .sort(),
      );
      expect(objects(store, traditionUri(siteUrl, tradition.name), `${SKOS}prefLabel`)).toEqual(
        LOCALES.map((l) => `${tradition.label[l]}@${l}`).sort(),
      );
    }
    expect(objects(store, traditionUri(siteUrl, 'Gnostic'), `${SKOS}prefLabel`)).toContain(
      site === bundled ? 'Гностическа@bg' : 'Gnostic@bg',
    );
    for (const pillar of site.records.pillars.data) {
      const members = objects(store, pillarUri(siteUrl, pillar.key), `${SKOS}member`);
      expect(members).toEqual(
        en
          .filter((t) => t.pillar === pillar.key)
          .map((t) => conceptUri(siteUrl, t.slug))
          .sort(),
      );
      expect(objects(store, pillarUri(siteUrl, pillar.key), `${SKOS}prefLabel`)).toEqual(
        LOCALES.map((l) => `${pillar.label[l]}@${l}`).sort(),
      );
    }
    expect(objects(store, schemeUri(siteUrl), 'http://purl.org/dc/terms/license')).toEqual([LICENSE_URL]);
  });

  it('JSON-LD (read with jsonld) states exactly the triples of the Turtle', async () => {
    const fromJsonLd = await jsonLdQuads(dumpText(site, 'skos-jsonld'));
    expect(fromJsonLd.map(key).sort()).toEqual(quads.map(key).sort());
    // Each concept's own JSON-LD file too (a sample of the bundled corpus: jsonld is slow).
    for (const term of site.records.locales.en.terms.filter((_, i) => i % 25 === 0)) {
      const own = await jsonLdQuads(site.files.get(conceptFilePath(term.slug, 'jsonld').slice(1)) as string);
      const uri = conceptUri(siteUrl, term.slug);
      expect(own.map(key).sort(), term.slug).toEqual(store.getQuads(uri, null, null, null).map(key).sort());
    }
  });

  it("has each concept's own Turtle file, stating exactly what the dump states of it, and links to it", () => {
    for (const term of site.records.locales.en.terms) {
      const uri = conceptUri(siteUrl, term.slug);
      const own = new Parser({ format: 'text/turtle' }).parse(
        site.files.get(conceptFilePath(term.slug, 'turtle').slice(1)) as string,
      );
      expect(own.map(key).sort(), term.slug).toEqual(store.getQuads(uri, null, null, null).map(key).sort());
      expect(objects(store, uri, 'http://purl.org/dc/terms/hasFormat')).toEqual([
        `${uri}?format=jsonld`,
        `${uri}?format=turtle`,
      ]);
    }
  });

  it("has each concept's Turtle file byte for byte as n3's writer writes that concept alone (the build takes it from the dump's text)", () => {
    const concepts = conceptsOf(site.records);
    const thesaurus = conceptThesaurus(concepts);
    for (const concept of concepts) {
      const alone = conceptTurtle(conceptQuads(siteUrl, concept, thesaurus));
      expect(site.files.get(conceptFilePath(concept.slug, 'turtle').slice(1)), concept.slug).toBe(alone);
      // A text it does not know is not cut: the quads are written again.
      expect(conceptTurtleFromDump(conceptQuads(siteUrl, concept, thesaurus), 'x')).toBe(alone);
    }
  });

  it('meets the SKOS integrity conditions (SHACL)', async () => {
    const report = await new SHACLValidator(shapes()).validate(store);
    expect(
      report.results.map((r) => `${r.focusNode?.value} ${r.path?.value}: ${r.message.map((m) => m.value).join('; ')}`),
    ).toEqual([]);
    expect(report.conforms).toBe(true);
    // rdf-validate-shacl walks every triple in JavaScript: seconds for the 600-term corpus, more on a busy machine.
  }, 180_000);
});

function shapes(): Store {
  return new Store(
    new Parser({ format: 'text/turtle' }).parse(readFileSync(path.join(FIXTURES, 'skos-shapes.ttl'), 'utf8')),
  );
}

describe('the SKOS shapes', () => {
  it('reject two prefLabels in one language, a label both preferred and alternative, related mixed with broader, a concept outside the scheme', async () => {
    const data = new Parser().parse(`
      @prefix skos: <${SKOS}>.
      <urn:s> a skos:ConceptScheme.
      <urn:a> a skos:Concept; skos:inScheme <urn:s>; skos:prefLabel "A"@en, "B"@en, "А"@bg; skos:altLabel "A"@en;
        skos:definition "d"@en, "д"@bg; skos:related <urn:b>; skos:broader <urn:b>.
      <urn:b> a skos:Concept; skos:prefLabel "B"@en, "Б"@bg; skos:definition "d"@en, "д"@bg.
    `);
    const report = await new SHACLValidator(shapes()).validate(new Store(data));
    const failed = report.results.map(
      (r) => `${r.focusNode?.value} ${r.path?.value ?? ''} ${r.sourceConstraintComponent?.value.split('#')[1]}`,
    );
    expect(failed).toEqual(
      expect.arrayContaining([
        `urn:a ${SKOS}prefLabel UniqueLangConstraintComponent`,
        `urn:a ${SKOS}prefLabel DisjointConstraintComponent`,
        `urn:a ${SKOS}related DisjointConstraintComponent`,
        `urn:b ${SKOS}inScheme MinCountConstraintComponent`,
      ]),
    );
  });
});

// ---------------------------------------------------------------- SKOS quality (rdflib)

const PYTHON_RDFLIB = pythonWith('rdflib');
if (!PYTHON_RDFLIB)
  console.warn(
    'test/build/terminology-dumps.test.ts: skipping the rdflib checks: no python3 with rdflib (python3-rdflib)',
  );

/** The qSKOS checks of test/helpers/skos_quality.py, run by rdflib on a Turtle text. */
function skosQuality(turtle: string): Record<string, number | string[]> {
  const file = path.join(tempDir(), 'skos.ttl');
  writeFileSync(file, turtle);
  const script = path.resolve(import.meta.dirname, '../helpers/skos_quality.py');
  return JSON.parse(execFileSync(PYTHON_RDFLIB!, [script, file], { maxBuffer: 256 * 1024 * 1024 }).toString('utf8'));
}

describe.skipIf(!PYTHON_RDFLIB)('the SKOS thesaurus, read with rdflib (qSKOS checks)', () => {
  it('has a hierarchy of at least 60 broader links, no cycle, no clash, every relation both ways, one prefLabel per language, no orphans', () => {
    const report = skosQuality(dumpText(bundled, 'skos-turtle'));
    expect(report.broaderLinks).toBeGreaterThanOrEqual(60);
    expect(report.concepts).toBe(bundled.records.locales.en.terms.length);
    expect(report.notations).toBe(report.concepts);
    expect(report.topConcepts).toBe((report.concepts as number) - new Set(withBroader(bundled)).size);
    for (const check of [
      'cycles',
      'relationClashes',
      'oneWayRelated',
      'broaderWithoutNarrower',
      'narrowerWithoutBroader',
      'topWithBroader',
      'neitherTopNorBelow',
      'orphans',
      'prefLabelProblems',
      'disjointLabelViolations',
      'undefinedRelationTargets',
    ])
      expect(report[check], check).toEqual([]);
  });

  it('finds each defect it checks for in a vocabulary that has them', () => {
    const report = skosQuality(`
      @prefix skos: <${SKOS}>.
      <urn:s> a skos:ConceptScheme.
      <urn:a> a skos:Concept; skos:prefLabel "A"@en, "B"@en, "А"@bg; skos:altLabel "A"@en; skos:broader <urn:b>; skos:related <urn:c>.
      <urn:b> a skos:Concept; skos:prefLabel "B"@en; skos:broader <urn:a>; skos:narrower <urn:a>; skos:topConceptOf <urn:s>.
      <urn:c> a skos:Concept; skos:prefLabel "C"@en, "В"@bg; skos:broader <urn:a>; skos:related <urn:x>.
      <urn:d> a skos:Concept; skos:prefLabel "D"@en, "Д"@bg; skos:topConceptOf <urn:s>.
    `);
    expect(report).toMatchObject({
      cycles: ['urn:a', 'urn:b'],
      relationClashes: ['urn:a related urn:c'],
      oneWayRelated: ['urn:a -> urn:c', 'urn:c -> urn:x'],
      broaderWithoutNarrower: ['urn:b -> urn:a', 'urn:c -> urn:a'],
      topWithBroader: ['urn:b'],
      orphans: ['urn:d'],
      prefLabelProblems: ['urn:a: 2 prefLabels in en', 'urn:b: no prefLabel in bg'],
      disjointLabelViolations: ['urn:a: A@en'],
      undefinedRelationTargets: ['urn:c -> urn:x'],
    });
  });
});

/** Slugs of the terms that have a broader term. */
function withBroader(site: EmittedSite): string[] {
  return site.records.locales.en.terms
    .filter((t) => site.records.details.get(t.slug)!.broader.length > 0)
    .map((t) => t.slug);
}

// ---------------------------------------------------------------- TBX

/** TBX-Basic (DCA style): the children each element may have, in this order. */
const TBX_TREE: Record<string, string[]> = {
  tbx: ['tbxHeader', 'text'],
  tbxHeader: ['fileDesc'],
  fileDesc: ['publicationStmt', 'titleStmt', 'sourceDesc'],
  titleStmt: ['title'],
  publicationStmt: ['p'],
  sourceDesc: ['p'],
  text: ['body'],
  body: ['conceptEntry'],
  conceptEntry: ['descrip', 'ref', 'langSec'],
  langSec: ['descrip', 'xref', 'termSec'],
  termSec: ['term', 'termNote'],
};

const elements = (parent: Element) => Array.from(parent.childNodes).filter((n): n is Element => n.nodeType === 1);
const child = (parent: Element, name: string) => elements(parent).find((e) => e.localName === name);
const byType = (parent: Element, name: string, type: string) =>
  elements(parent).filter((e) => e.localName === name && e.getAttribute('type') === type);

function tbxDocument(site: EmittedSite) {
  return new DOMParser().parseFromString(dumpText(site, 'tbx'), 'application/xml');
}

describe.each([
  ['the small fixture', small],
  ['the bundled corpus', bundled],
])('TBX of %s', (_name, site) => {
  const root = tbxDocument(site).documentElement!;

  it('is TBX-Basic in the ISO 30042 namespace, with the element tree of the dialect', () => {
    expect(root.localName).toBe('tbx');
    expect(root.namespaceURI).toBe(TBX_NAMESPACE);
    expect(root.getAttribute('type')).toBe('TBX-Basic');
    expect(root.getAttribute('style')).toBe('dca');
    const walk = (element: Element) => {
      const name = element.localName ?? '';
      expect(element.namespaceURI, name).toBe(TBX_NAMESPACE);
      const allowed = TBX_TREE[name];
      const names = elements(element).map((e) => e.localName ?? '');
      if (!allowed) {
        expect(names, `${name} holds text only`).toEqual([]);
        return;
      }
      // Children are allowed ones, in the dialect's order.
      const order = names.map((n) => allowed.indexOf(n));
      expect(
        order.every((i) => i >= 0),
        `${name}: ${names.join(', ')}`,
      ).toBe(true);
      expect(order, `${name}: ${names.join(', ')}`).toEqual([...order].sort((a, b) => a - b));
      for (const e of elements(element)) walk(e);
    };
    walk(root);
  });

  it('has one conceptEntry per term with a langSec per locale: terms, definitions and cross-references equal the API records', () => {
    const body = child(child(root, 'text')!, 'body')!;
    const entries = new Map(elements(body).map((e) => [e.getAttribute('id'), e]));
    expect([...entries.keys()].sort()).toEqual(site.records.locales.en.terms.map((t) => tbxConceptId(t.slug)).sort());
    for (const locale of LOCALES) {
      for (const term of site.records.locales[locale].terms) {
        const entry = entries.get(tbxConceptId(term.slug))!;
        const details = site.records.details.get(term.slug)!;
        // The pillar by its label, in each locale.
        const pillar = site.records.pillars.data.find((p) => p.key === term.pillar)!;
        expect(
          byType(entry, 'descrip', 'subjectField').map((e) => [e.getAttribute('xml:lang'), e.textContent]),
        ).toEqual(LOCALES.map((l) => [l, pillar.label[l]]));
        expect(byType(entry, 'ref', 'crossReference').map((e) => e.getAttribute('target'))).toEqual(
          term.relatedTerms.map(tbxConceptId),
        );
        const langSecs = elements(entry).filter(
          (e) => e.localName === 'langSec' && e.getAttribute('xml:lang') === locale,
        );
        expect(langSecs).toHaveLength(1);
        const langSec = langSecs[0]!;
        expect(byType(langSec, 'descrip', 'definition').map((e) => e.textContent)).toEqual([term.definition]);
        const terms = elements(langSec)
          .filter((e) => e.localName === 'termSec')
          .map((s) => [child(s, 'term')!.textContent, byType(s, 'termNote', 'administrativeStatus')[0]!.textContent]);
        const originalHere =
          details.termOriginalLang === locale && term.termOriginal !== term.term ? [term.termOriginal!] : [];
        expect(terms).toEqual([
          [term.term, 'preferredTerm-admn-sts'],
          ...[...details.aliases[locale], ...originalHere].map((a) => [a, 'admittedTerm-admn-sts']),
        ]);
        if (term.termOriginal && !(LOCALES as readonly string[]).includes(details.termOriginalLang ?? '')) {
          const original = elements(entry).filter(
            (e) => e.localName === 'langSec' && e.getAttribute('xml:lang') === (details.termOriginalLang ?? 'und'),
          );
          expect(original.map((l) => child(child(l, 'termSec')!, 'term')!.textContent)).toEqual([term.termOriginal]);
        }
      }
    }
  });
});

const xmllint = spawnSync('xmllint', ['--version']).error ? undefined : 'xmllint';
if (!xmllint)
  console.warn(
    'test/build/terminology-dumps.test.ts: skipping the xmllint check: no xmllint on PATH (install libxml2-utils)',
  );

describe.skipIf(!xmllint)('TBX with xmllint', () => {
  it('xmllint --noout accepts the file', () => {
    const file = path.join(tempDir(), 'lexicon.tbx');
    writeFileSync(file, dumpText(bundled, 'tbx'));
    expect(() => execFileSync('xmllint', ['--noout', file], { stdio: 'pipe' })).not.toThrow();
  });
});

// ---------------------------------------------------------------- schema.org

describe('schema.org DefinedTermSet', () => {
  it('reads offline with jsonld and names and describes every term in both locales', async () => {
    const store = new Store(await jsonLdQuads(dumpText(small, 'schema-org-jsonld')));
    const S = 'https://schema.org/';
    const { siteUrl } = small.records;
    expect(store.getQuads(schemeUri(siteUrl), RDF_TYPE, `${S}DefinedTermSet`, null)).toHaveLength(1);
    expect(objects(store, schemeUri(siteUrl), `${S}license`)).toEqual([LICENSE_URL]);
    const terms = store
      .getSubjects(RDF_TYPE, `${S}DefinedTerm`, null)
      .map((s) => s.value)
      .sort();
    expect(terms).toEqual(small.records.locales.en.terms.map((t) => conceptUri(siteUrl, t.slug)).sort());
    expect(objects(store, schemeUri(siteUrl), `${S}hasDefinedTerm`)).toEqual(terms);
    for (const locale of LOCALES as readonly Locale[]) {
      for (const term of small.records.locales[locale].terms) {
        const uri = conceptUri(siteUrl, term.slug);
        const tagged = (values: string[]) => values.filter((v) => v.endsWith(`@${locale}`));
        expect(tagged(objects(store, uri, `${S}name`))).toEqual([`${term.term}@${locale}`]);
        expect(tagged(objects(store, uri, `${S}description`))).toEqual([`${term.definition}@${locale}`]);
        expect(objects(store, uri, `${S}termCode`)).toEqual([`${term.slug}@`]);
        expect(objects(store, uri, `${S}url`)).toContain(term.url);
      }
    }
  });
});
