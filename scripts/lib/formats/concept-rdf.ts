// Every concept's RDF files and the SKOS dump, from one pass over the vocabulary's quads: each
// concept's quads are made once, written as its own Turtle and JSON-LD files and streamed into
// the dump's two files. It runs wherever the concept files are written (the build's output
// thread, or the main thread when there is none) and hands back what the dumps' manifest
// records of the two SKOS files (their size and SHA-256), so the main thread never builds them.
import { dumpFileName, DUMPS_DIR } from '../../../src/contract/output-layout.ts';
import { writeConceptFile } from './concept-files.ts';
import { type Concept, conceptsOf } from './concepts.ts';
import { skosGroups } from './skos.ts';
import { writeSkos } from './skos-dump.ts';
import { SKOS_EXTENSIONS, type SkosDumpFiles } from './skos-files.ts';
import type { ApiRecords } from '../publish/api-records.ts';
import type { OutputSink } from '../publish/write-output.ts';

/** Every concept's files (at conceptFilePath) and the SKOS dump of `dataVersion`. */
export async function writeConceptsAndSkos(
  records: ApiRecords,
  dataVersion: string,
  sink: OutputSink,
  concepts: readonly Concept[] = conceptsOf(records),
): Promise<SkosDumpFiles> {
  const names = {
    'skos-turtle': dumpFileName(dataVersion, 'all', SKOS_EXTENSIONS['skos-turtle']),
    'skos-jsonld': dumpFileName(dataVersion, 'all', SKOS_EXTENSIONS['skos-jsonld']),
  };
  const turtle = await sink.stream(`${DUMPS_DIR}/${names['skos-turtle']}`);
  const jsonLd = await sink.stream(`${DUMPS_DIR}/${names['skos-jsonld']}`);
  // A concept's group is written as its files on the way, its Turtle file from the dump's text of it.
  await writeSkos(skosGroups(records, dataVersion, concepts), turtle, jsonLd, async ({ concept, quads }, text) => {
    if (concept !== undefined) await writeConceptFile(sink, concept.slug, quads, text);
  });
  return {
    'skos-turtle': { name: names['skos-turtle'], ...(await turtle.close()) },
    'skos-jsonld': { name: names['skos-jsonld'], ...(await jsonLd.close()) },
  };
}
