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

/** What n3's writer writes before a document's first statement (the prefixes), as it writes it: made once. */
let turtlePrefixes: string | undefined;

/** A statement's end, as n3's writer ends each subject's statement in the default graph. */
const STATEMENT_END = '.\n';

/**
 * A concept's Turtle from the text the SKOS dump's writer wrote for the same quads (skos-dump.ts):
 * a subject's statement after another's, so it starts with that one's end. A writer of the
 * concept alone writes its prefixes, the same statement and its end: the text of
 * conceptTurtle(quads) (a test compares every concept's), with the quads serialised once, not
 * twice (a writer per concept, its prefixes and its escaping: 80 ms at 5,000 terms). Any other
 * text is not the one this knows: the quads are then serialised again.
 */
export function conceptTurtleFromDump(quads: readonly Quad[], dumpText: string): string {
  if (!dumpText.startsWith(STATEMENT_END)) return conceptTurtle(quads);
  turtlePrefixes ??= conceptTurtle([]);
  return turtlePrefixes + dumpText.slice(STATEMENT_END.length) + STATEMENT_END;
}

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

/** One concept's files, from its quads; `dumpTurtle`: the SKOS dump's text of them (conceptTurtleFromDump). */
export async function writeConceptFile(
  sink: OutputSink,
  slug: string,
  quads: readonly Quad[],
  dumpTurtle?: string,
): Promise<void> {
  const texts: Record<ConceptFormat, () => string> = {
    turtle: () => (dumpTurtle === undefined ? conceptTurtle(quads) : conceptTurtleFromDump(quads, dumpTurtle)),
    jsonld: () => conceptJsonLd(quads),
  };
  for (const format of Object.keys(CONCEPT_FORMATS) as ConceptFormat[])
    await sink.file(conceptFilePath(slug, format).slice(1), texts[format]());
}
