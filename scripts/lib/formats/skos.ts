// The lexicon in SKOS (W3C SKOS Reference): a skos:ConceptScheme of skos:Concepts, labelled and
// defined in both locales, arranged in a hierarchy (skos:broader/narrower, from term.yaml
// `broader`) with symmetric associative links (skos:related), pillars and traditions as
// skos:Collections. The triples are built once as RDF/JS quads (n3's DataFactory) and
// serialised by maintained libraries: Turtle by n3's writer, JSON-LD as the compact form of
// those same quads under a fixed context (read back by jsonld in the tests). The dump writes
// both from one pass over the quads (skos-dump.ts), the concept files from each concept's.
import { DataFactory, type Quad } from 'n3';
import {
  CONCEPT_FORMATS,
  type ConceptFormat,
  conceptFormatPath,
  LICENSE_URL,
  type Locale,
  LOCALES,
} from '../../../src/contract/facts.ts';
import { conceptUri, originalLabel, pillarUri, schemeUri, traditionUri, type Concept } from './concepts.ts';
import type { ApiRecords } from '../publish/api-records.ts';
import { thesaurusOf, type Thesaurus } from '../corpus/hierarchy.ts';

const { namedNode, literal, quad } = DataFactory;

export const RDF_PREFIXES = {
  skos: 'http://www.w3.org/2004/02/skos/core#',
  dct: 'http://purl.org/dc/terms/',
  owl: 'http://www.w3.org/2002/07/owl#',
  foaf: 'http://xmlns.com/foaf/0.1/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
} as const;

const skos = (name: string) => namedNode(RDF_PREFIXES.skos + name);
const dct = (name: string) => namedNode(RDF_PREFIXES.dct + name);
const A = namedNode(`${RDF_PREFIXES.rdf}type`);

/** The thesaurus of a set of concepts: their hierarchy and symmetric associations. */
export function conceptThesaurus(concepts: readonly Concept[]): Thesaurus {
  return thesaurusOf(new Map(concepts.map((c) => [c.slug, c])));
}

/** The scheme: title, license, source, attribution, version, and its top concepts (those without a broader one). */
export function schemeQuads(
  records: ApiRecords,
  dataVersion: string,
  concepts: readonly Concept[],
  thesaurus: Thesaurus,
): Quad[] {
  const scheme = namedNode(schemeUri(records.siteUrl));
  return [
    quad(scheme, A, skos('ConceptScheme')),
    quad(scheme, dct('title'), literal(records.attribution.source)),
    quad(scheme, dct('license'), namedNode(LICENSE_URL)),
    quad(scheme, dct('source'), namedNode(records.siteUrl)),
    quad(scheme, dct('rights'), literal(records.attribution.required)),
    quad(scheme, namedNode(`${RDF_PREFIXES.owl}versionInfo`), literal(dataVersion)),
    ...concepts
      .filter((c) => thesaurus.isTop(c.slug))
      .map((c) => quad(scheme, skos('hasTopConcept'), namedNode(conceptUri(records.siteUrl, c.slug)))),
  ];
}

/** One concept: notation, labels, definitions, etymology as a history note, relations, its pages. */
export function conceptQuads(siteUrl: string, concept: Concept, thesaurus: Thesaurus): Quad[] {
  const subject = namedNode(conceptUri(siteUrl, concept.slug));
  const scheme = namedNode(schemeUri(siteUrl));
  const uri = (slug: string) => namedNode(conceptUri(siteUrl, slug));
  const quads = [
    quad(subject, A, skos('Concept')),
    quad(subject, skos('inScheme'), scheme),
    // The slug: the code a concept is known by in every format and URL.
    quad(subject, skos('notation'), literal(concept.slug)),
  ];
  if (thesaurus.isTop(concept.slug)) quads.push(quad(subject, skos('topConceptOf'), scheme));
  for (const locale of LOCALES) {
    const text = concept.texts[locale];
    quads.push(quad(subject, skos('prefLabel'), literal(text.term, locale)));
    for (const alias of concept.aliases[locale]) quads.push(quad(subject, skos('altLabel'), literal(alias, locale)));
    quads.push(quad(subject, skos('definition'), literal(text.definition, locale)));
    if (text.etymology) quads.push(quad(subject, skos('historyNote'), literal(text.etymology, locale)));
    quads.push(quad(subject, namedNode(`${RDF_PREFIXES.foaf}page`), namedNode(text.url)));
  }
  const original = originalLabel(concept);
  if (original) {
    const label = original.lang ? literal(original.value, original.lang) : literal(original.value);
    quads.push(quad(subject, skos(original.kind === 'pref' ? 'prefLabel' : 'altLabel'), label));
  }
  for (const slug of thesaurus.broader(concept.slug)) quads.push(quad(subject, skos('broader'), uri(slug)));
  for (const slug of thesaurus.narrower(concept.slug)) quads.push(quad(subject, skos('narrower'), uri(slug)));
  for (const slug of thesaurus.related(concept.slug)) quads.push(quad(subject, skos('related'), uri(slug)));
  // The concept's own RDF files: its URI with ?format= (see contract.ts CONCEPT_FORMATS).
  for (const format of Object.keys(CONCEPT_FORMATS) as ConceptFormat[])
    quads.push(quad(subject, dct('hasFormat'), namedNode(siteUrl + conceptFormatPath(concept.slug, format))));
  return quads;
}

/** A collection of concepts, labelled in both locales. */
function collection(siteUrl: string, uri: string, label: Record<Locale, string>, members: readonly Concept[]): Quad[] {
  const subject = namedNode(uri);
  return [
    quad(subject, A, skos('Collection')),
    ...LOCALES.map((l) => quad(subject, skos('prefLabel'), literal(label[l], l))),
    ...members.map((c) => quad(subject, skos('member'), namedNode(conceptUri(siteUrl, c.slug)))),
  ];
}

/** The pillars and the traditions, each a collection of its concepts: two groupings beside the hierarchy. */
export function collectionQuads(records: ApiRecords, concepts: readonly Concept[]): Quad[] {
  const { siteUrl } = records;
  return [
    ...records.pillars.data.flatMap((pillar) =>
      collection(
        siteUrl,
        pillarUri(siteUrl, pillar.key),
        pillar.label,
        concepts.filter((c) => c.pillar === pillar.key),
      ),
    ),
    ...records.traditions.flatMap((tradition) =>
      collection(
        siteUrl,
        traditionUri(siteUrl, tradition.name),
        tradition.label,
        concepts.filter((c) => c.texts.en.tradition === tradition.name),
      ),
    ),
  ];
}

/** A group of the vocabulary's quads, and the concept they describe (none: the scheme, the collections). */
export interface SkosGroup {
  quads: Quad[];
  concept?: Concept;
}

/** The whole vocabulary, in groups of quads: the scheme, each concept, the collections. */
export function* skosGroups(
  records: ApiRecords,
  dataVersion: string,
  concepts: readonly Concept[],
): Generator<SkosGroup> {
  const thesaurus = conceptThesaurus(concepts);
  yield { quads: schemeQuads(records, dataVersion, concepts, thesaurus) };
  for (const concept of concepts) yield { quads: conceptQuads(records.siteUrl, concept, thesaurus), concept };
  yield { quads: collectionQuads(records, concepts) };
}

/** The JSON-LD context of the SKOS dump: SKOS terms by their short names, labels as language maps. */
export const SKOS_JSONLD_CONTEXT = {
  ...RDF_PREFIXES,
  ConceptScheme: 'skos:ConceptScheme',
  Concept: 'skos:Concept',
  Collection: 'skos:Collection',
  prefLabel: { '@id': 'skos:prefLabel', '@container': '@language' },
  altLabel: { '@id': 'skos:altLabel', '@container': '@language' },
  definition: { '@id': 'skos:definition', '@container': '@language' },
  historyNote: { '@id': 'skos:historyNote', '@container': '@language' },
  inScheme: { '@id': 'skos:inScheme', '@type': '@id' },
  topConceptOf: { '@id': 'skos:topConceptOf', '@type': '@id' },
  notation: 'skos:notation',
  broader: { '@id': 'skos:broader', '@type': '@id', '@container': '@set' },
  narrower: { '@id': 'skos:narrower', '@type': '@id', '@container': '@set' },
  hasTopConcept: { '@id': 'skos:hasTopConcept', '@type': '@id', '@container': '@set' },
  related: { '@id': 'skos:related', '@type': '@id', '@container': '@set' },
  member: { '@id': 'skos:member', '@type': '@id', '@container': '@set' },
  page: { '@id': 'foaf:page', '@type': '@id', '@container': '@set' },
  hasFormat: { '@id': 'dct:hasFormat', '@type': '@id', '@container': '@set' },
  title: 'dct:title',
  license: { '@id': 'dct:license', '@type': '@id' },
  source: { '@id': 'dct:source', '@type': '@id' },
  rights: 'dct:rights',
  versionInfo: 'owl:versionInfo',
};

type NodeValue = string | string[] | Record<string, string | string[]>;

interface TermDefinition {
  term: string;
  '@id': string;
  '@type'?: string;
  '@container'?: string;
}

const CONTEXT_TERMS = new Map<string, TermDefinition>(
  Object.entries(SKOS_JSONLD_CONTEXT)
    .filter(([, value]) => typeof value !== 'string' || !value.startsWith('http'))
    .map(([term, value]) => {
      const definition = typeof value === 'string' ? { '@id': value } : (value as Record<string, string>);
      const id = definition['@id'];
      if (id === undefined) throw new Error(`SKOS_JSONLD_CONTEXT: the term "${term}" has no @id`);
      const [prefix, local] = id.split(':') as [keyof typeof RDF_PREFIXES, string];
      return [RDF_PREFIXES[prefix] + local, { ...definition, term } as TermDefinition];
    }),
);

/**
 * One subject's quads as a node of the compact form under SKOS_JSONLD_CONTEXT. Every quad must
 * fit one of the context's term definitions (a language map, an IRI, a plain string), else this
 * throws: the JSON-LD never says less than the Turtle. The test reads the file with jsonld and
 * compares its triples with the Turtle's. (jsonld's own fromRDF + compact took about 5 ms per
 * concept, which at 100,000 terms would add minutes to every build.)
 */
export function compactNode(quads: readonly Quad[]): Record<string, NodeValue> {
  const [first] = quads;
  if (first === undefined) throw new Error('compactNode: a node is made of one quad at least');
  const node: Record<string, NodeValue> = { '@id': first.subject.value };
  // Values are appended in place: the scheme and the collections carry one per concept.
  const append = (holder: Record<string, NodeValue>, key: string, value: string, set: boolean) => {
    const current = holder[key] as string | string[] | undefined;
    if (current === undefined) holder[key] = set ? [value] : value;
    else if (Array.isArray(current)) current.push(value);
    else holder[key] = [current, value];
  };
  for (const { subject, predicate, object } of quads) {
    if (subject.value !== node['@id']) throw new Error(`compactNode: one subject per node, got ${subject.value}`);
    if (predicate.equals(A)) {
      const type = CONTEXT_TERMS.get(object.value);
      if (!type) throw new Error(`compactNode: no term for the type ${object.value}`);
      node['@type'] = type.term;
      continue;
    }
    const definition = CONTEXT_TERMS.get(predicate.value);
    if (!definition) throw new Error(`compactNode: no term for ${predicate.value}`);
    const set = definition['@container'] === '@set';
    if (object.termType === 'NamedNode' && definition['@type'] === '@id') {
      append(node, definition.term, object.value, set);
    } else if (object.termType === 'Literal' && object.language && definition['@container'] === '@language') {
      const map = (node[definition.term] ??= {}) as Record<string, string | string[]>;
      append(map, object.language, object.value, false);
    } else if (object.termType === 'Literal' && !object.language && object.datatype.value.endsWith('#string')) {
      // A plain string in a language map is keyed "@none" (JSON-LD 1.1).
      if (definition['@container'] === '@language') {
        const map = (node[definition.term] ??= {}) as Record<string, string | string[]>;
        append(map, '@none', object.value, false);
      } else if (!definition['@type']) append(node, definition.term, object.value, set);
      else throw new Error(`compactNode: ${definition.term} expects an IRI`);
    } else {
      throw new Error(`compactNode: ${definition.term} cannot hold ${object.termType} ${object.value}`);
    }
  }
  return node;
}

/** Each one-subject group's compact node as JSON (compactNodeJson), while its quads live. */
const nodeJson = new WeakMap<readonly Quad[], string>();

/**
 * JSON.stringify(compactNode(quads)), made once per array of quads: a concept's quads are written
 * as its own JSON-LD file and into the SKOS dump (concept-rdf.ts), the same node in both.
 */
export function compactNodeJson(quads: readonly Quad[]): string {
  let json = nodeJson.get(quads);
  if (json === undefined) {
    json = JSON.stringify(compactNode(quads));
    nodeJson.set(quads, json);
  }
  return json;
}
