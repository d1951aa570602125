// One concept's RDF, beside its JSON term files: the quads the SKOS dump states about it, as
// Turtle (n3's writer) and as JSON-LD (the dump's compact form and context), so that a concept
// URI dereferences to data (`?format=turtle|jsonld` on the term URL, or `Accept` on npm start).
import { type Quad, Writer } from 'n3';
import { CONCEPT_FORMATS, type ConceptFormat, conceptFilePath } from '../../../src/contract/facts.ts';
import type { Concept } from './concepts.ts';
import type { Thesaurus } from '../corpus/hierarchy.ts';
import { compactNodeJson, conceptQuads, RDF_PREFIXES, SKOS_JSONLD_CONTEXT } from './skos.ts';
import type { OutputSink } from '../publish/write-output.ts';

export function conceptTurtle(quads: readonly Quad[]): string {
  const writer = new Writer({ prefixes: RDF_PREFIXES });
  writer.addQuads(quads as Quad[]);
  let text = '';
  // With no output stream the writer ends synchronously, handing back the whole text.
  writer.end((error, result: string) => {
    if (error) throw error;
    text = result;
  });
  return text;
}

/** The context every concept's JSON-LD starts with, serialised once. */
const CONTEXT_JSON = JSON.stringify({ '@context': SKOS_JSONLD_CONTEXT }).slice(0, -1);

export function conceptJsonLd(quads: readonly Quad[]): string {
  // `{"@context":...,...node}`: the node always has an @id, so there is always a comma to add.
  return `${CONTEXT_JSON},${compactNodeJson(quads).slice(1)}\n`;
}

const WRITERS: Record<ConceptFormat, (quads: readonly Quad[]) => string> = {
  turtle: conceptTurtle,
  jsonld: conceptJsonLd,
};

/** Every concept's files, at conceptFilePath. */
export async function writeConceptFiles(
  sink: OutputSink,
  siteUrl: string,
  concepts: readonly Concept[],
  thesaurus: Thesaurus,
): Promise<void> {
  // The same quads in each format: made once.
  for (const concept of concepts) await writeConceptFile(sink, concept.slug, conceptQuads(siteUrl, concept, thesaurus));
}

/** One concept's files, from its quads. */
export async function writeConceptFile(sink: OutputSink, slug: string, quads: readonly Quad[]): Promise<void> {
  for (const format of Object.keys(CONCEPT_FORMATS) as ConceptFormat[])
    await sink.file(conceptFilePath(slug, format).slice(1), WRITERS[format](quads));
}
