// The lexicon in TBX (ISO 30042:2019), TBX-Basic dialect, DCA style: one conceptEntry per term,
// one langSec per locale (definition, the page, the name as preferred term and aliases as
// admitted terms) and one for the original-script form in its own language. Written with
// xmlbuilder2's streaming builder, concept by concept.
import { createCB } from 'xmlbuilder2';
import { LICENSE, LICENSE_URL, LOCALES } from '../../src/contract.ts';
import type { Concept } from './concepts.ts';
import type { ApiRecords } from './derive.ts';
import type { StreamedFile } from './write-output.ts';

export const TBX_NAMESPACE = 'urn:iso:std:iso:30042:ed-2';
// The TBX-Basic schemas a validating reader can apply (LTAC Global, TBX-Basic dialect v3).
const TBX_BASIC_RNG =
  'https://raw.githubusercontent.com/LTAC-Global/TBX-Basic_dialect/master/DCA/TBXcoreStructV03_TBX-Basic_integrated.rng';
const TBX_BASIC_SCH = 'https://raw.githubusercontent.com/LTAC-Global/TBX-Basic_dialect/master/DCA/TBX-Basic_DCA.sch';
/** BCP 47 "undetermined": TBX requires a language on every langSec. */
export const UNDETERMINED_LANGUAGE = 'und';

/** An XML ID for a concept: slugs may start with a digit, which an ID may not. */
export function tbxConceptId(slug: string): string {
  return `c-${slug}`;
}

export async function writeTbx(records: ApiRecords, concepts: readonly Concept[], file: StreamedFile): Promise<void> {
  const chunks: string[] = [];
  const flush = async () => void (chunks.length > 0 && (await file.write(chunks.splice(0).join(''))));
  const xml = createCB({ data: (chunk: string) => void chunks.push(chunk), prettyPrint: true });
  xml
    .dec({ version: '1.0', encoding: 'UTF-8' })
    .ins(
      'xml-model',
      `href="${TBX_BASIC_RNG}" type="application/xml" schematypens="http://relaxng.org/ns/structure/1.0"`,
    )
    .ins(
      'xml-model',
      `href="${TBX_BASIC_SCH}" type="application/xml" schematypens="http://purl.oclc.org/dsdl/schematron"`,
    );
  const tbx = xml.ele(TBX_NAMESPACE, 'tbx', { type: 'TBX-Basic', style: 'dca', 'xml:lang': 'en' });
  tbx
    .ele('tbxHeader')
    .ele('fileDesc')
    .ele('titleStmt')
    .ele('title')
    .txt(records.attribution.source)
    .up()
    .up()
    .ele('publicationStmt')
    .ele('p')
    .txt(`${LICENSE} (${LICENSE_URL}). ${records.attribution.required}`)
    .up()
    .up()
    .ele('sourceDesc')
    .ele('p')
    .txt(records.siteUrl)
    .up()
    .up()
    .up()
    .up();
  const body = tbx.ele('text').ele('body');
  for (const concept of concepts) {
    const entry = body.ele('conceptEntry', { id: tbxConceptId(concept.slug) });
    entry.ele('descrip', { type: 'subjectField' }).txt(concept.pillar).up();
    for (const related of concept.relatedTerms)
      entry
        .ele('ref', { type: 'crossReference', target: tbxConceptId(related) })
        .txt(related)
        .up();
    for (const locale of LOCALES) {
      const text = concept.texts[locale];
      const langSec = entry.ele('langSec', { 'xml:lang': locale });
      langSec.ele('descrip', { type: 'definition' }).txt(text.definition).up();
      langSec.ele('xref', { type: 'externalCrossReference', target: text.url }).txt(text.term).up();
      termSec(langSec, text.term, 'preferredTerm-admn-sts');
      for (const alias of concept.aliases[locale]) termSec(langSec, alias, 'admittedTerm-admn-sts');
      if (concept.termOriginalLang === locale && concept.termOriginal && concept.termOriginal !== text.term) {
        termSec(langSec, concept.termOriginal, 'admittedTerm-admn-sts');
      }
      langSec.up();
    }
    if (concept.termOriginal && !(LOCALES as readonly string[]).includes(concept.termOriginalLang ?? '')) {
      const langSec = entry.ele('langSec', { 'xml:lang': concept.termOriginalLang ?? UNDETERMINED_LANGUAGE });
      termSec(langSec, concept.termOriginal, 'preferredTerm-admn-sts');
      langSec.up();
    }
    entry.up();
    await flush();
  }
  body.up().up();
  tbx.up();
  xml.end();
  await flush();
}

type Parent = ReturnType<ReturnType<typeof createCB>['ele']>;

function termSec(langSec: Parent, term: string, status: string): void {
  langSec
    .ele('termSec')
    .ele('term')
    .txt(term)
    .up()
    .ele('termNote', { type: 'administrativeStatus' })
    .txt(status)
    .up()
    .up();
}
