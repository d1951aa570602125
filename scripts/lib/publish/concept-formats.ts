// The formats made from the concepts (concepts.ts): the concept files and the SKOS dump, TBX and
// schema.org, written before the locales' passes (emit.ts).
import type { SkosDumpFiles } from '../formats/skos-files.ts';
import { conceptsOf } from '../formats/concepts.ts';
import type { DumpWriter } from '../formats/dumps.ts';
import type { ApiRecords } from './api-records.ts';
import type { BuildTimings } from './build-timings.ts';
import type { OutputSink } from './write-output.ts';

export interface ConceptFormatOptions {
  dataVersion: string;
  timings?: BuildTimings;
  /** What the output thread hands back when it writes the concept files and SKOS dump (emit.ts EmitOptions). */
  skosElsewhere?: Promise<SkosDumpFiles>;
}

/**
 * The concept files and SKOS dump (or the output thread's promise of them), TBX, schema.org. Apart
 * so that the concepts, which hold both locales' records, die here: kept in emitSite's frame they
 * held every record through the passes (releaseRecords). Wrapped: a returned promise is awaited.
 */
export async function writeConceptFormats(
  records: ApiRecords,
  { dataVersion, timings, skosElsewhere }: ConceptFormatOptions,
  dumps: DumpWriter,
  sink: OutputSink,
): Promise<{ skos: Promise<SkosDumpFiles> }> {
  // Made once for the concept files and SKOS here and for TBX and schema.org.
  const concepts = conceptsOf(records);
  let skos = skosElsewhere;
  if (skos === undefined) {
    // Loaded here (n3 and its streams, 60-80 ms of start-up): most builds write these on the output thread.
    const { writeConceptsAndSkos } = await import('../formats/concept-rdf.ts');
    skos = Promise.resolve(await writeConceptsAndSkos(records, dataVersion, sink, concepts));
    timings?.lap('concept files and SKOS dump (Turtle, JSON-LD)');
  }
  await dumps.writeTerminology(concepts);
  timings?.lap('dumps: TBX, schema.org');
  return { skos };
}
