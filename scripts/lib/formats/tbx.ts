// The lexicon in TBX (ISO 30042:2019), TBX-Basic dialect, DCA style: one conceptEntry per term,
// one langSec per locale (definition, the page, the name as preferred term and aliases as
// admitted terms) and one for the original-script form in its own language.
//
// Each conceptEntry is serialised on its own by a pure function, so that a build can reuse the
// text of a concept that has not changed; the head and tail are the document around them.
// Written with xmlbuilder (v15), whose elements are plain objects: xmlbuilder2 builds a DOM node
// per element, which cost 40% of a 5,000-term build. xmlbuilder escapes text and attribute
// values and throws on a character XML 1.0 cannot carry, so no ill-formed file is written.
// Only its tree builder will do: its callback writer (begin) moves text onto lines of its own
// when pretty-printing, which changes every term's text. Its converters take a fast path for
// values that need no escaping (xml-stringifier.ts).
import xmlbuilder from 'xmlbuilder';
import { LICENSE, LICENSE_URL, LOCALES, type Locale } from '../../../src/contract/facts.ts';
import type { Concept } from './concepts.ts';
import type { ApiRecords } from '../publish/api-records.ts';
import type { StreamedFile } from '../publish/write-output.ts';
import { fastStringifier } from './xml-stringifier.ts';

export const TBX_NAMESPACE = 'urn:iso:std:iso:30042:ed-2';
// The schemas a validating reader applies to TBX-Basic (LTAC Global): the TBX core structure
// (RELAX NG) and the dialect's DCA rules (Schematron), as its own examples name them.
const TBX_BASIC_RNG = 'https://raw.githubusercontent.com/LTAC-Global/TBX_Core_RNG/master/TBXcoreStructV03.rng';
const TBX_BASIC_SCH = 'https://raw.githubusercontent.com/LTAC-Global/TBX-Basic_dialect/master/DCA/TBX-Basic_DCA.sch';
/** BCP 47 "undetermined": TBX requires a language on every langSec. */
export const UNDETERMINED_LANGUAGE = 'und';

const PRETTY = { pretty: true, indent: '  ', newline: '\n' };
// Entries are written at their depth in the document (tbx > text > body > conceptEntry), so
// that the file reads as one indented tree although each entry is serialised alone.
const ENTRY_OFFSET = { ...PRETTY, offset: 3 };
/** Stands for the entries in the document that head and tail are cut from. */
const ENTRIES_PLACEHOLDER = 'lexicon-concept-entries';

/** An XML ID for a concept: slugs may start with a digit, which an ID may not. */
export function tbxConceptId(slug: string): string {
  return `c-${slug}`;
}

/** A subject field in each locale: a pillar's label (TBX-Basic keeps it at the conceptEntry level). */
export type SubjectField = Record<Locale, string>;

export async function writeTbx(records: ApiRecords, concepts: readonly Concept[], file: StreamedFile): Promise<void> {
  const subjectFields = new Map(records.pillars.data.map((p) => [p.key, p.label]));
  await file.write(tbxHead(records));
  for (const concept of concepts) {
    const field = subjectFields.get(concept.pillar);
    if (field === undefined) throw new Error(`the term "${concept.slug}" is in the unknown pillar "${concept.pillar}"`);
    await file.write(tbxConceptEntry(concept, field));
  }
  await file.write(tbxTail());
}

/** Everything before the first conceptEntry: the prolog, the header and the open text > body. */
export function tbxHead(records: ApiRecords): string {
  return aroundEntries(records).head;
}

/** Everything after the last conceptEntry. */
export function tbxTail(): string {
  return aroundEntries(undefined).tail;
}

/**
 * Where each conceptEntry is made, serialised and removed again: a document of its own per
 * entry (xmlbuilder.create) built its DOM configuration, stringifier and writer every time, 15%
 * of the entries' time. Each entry is complete and removed before the next is made.
 */
let entries: xmlbuilder.XMLElement | undefined;

/**
 * One concept's conceptEntry, ending with a line break. Depends on the concept and its pillar's
 * labels alone. The subject field is the pillar as a translator reads it, once per locale.
 */
export function tbxConceptEntry(concept: Concept, subjectField: SubjectField): string {
  entries ??= xmlbuilder.create(ENTRIES_PLACEHOLDER, { headless: true, stringify: fastStringifier() });
  const entry = entries.ele('conceptEntry', { id: tbxConceptId(concept.slug) });
  try {
    fillConceptEntry(entry, concept, subjectField);
    // The element alone, as the library writes a document of it alone, ending its last line.
    return entry.toString(ENTRY_OFFSET);
  } finally {
    entry.remove();
  }
}

function fillConceptEntry(entry: xmlbuilder.XMLElement, concept: Concept, subjectField: SubjectField): void {
  for (const locale of LOCALES)
    entry.ele('descrip', { type: 'subjectField', 'xml:lang': locale }, subjectField[locale]);
  for (const related of concept.relatedTerms) {
    entry.ele('ref', { type: 'crossReference', target: tbxConceptId(related) }, related);
  }
  for (const locale of LOCALES) {
    const text = concept.texts[locale];
    const langSec = entry.ele('langSec', { 'xml:lang': locale });
    langSec.ele('descrip', { type: 'definition' }, text.definition);
    langSec.ele('xref', { type: 'externalCrossReference', target: text.url }, text.term);
    termSec(langSec, text.term, 'preferredTerm-admn-sts');
    for (const alias of concept.aliases[locale]) termSec(langSec, alias, 'admittedTerm-admn-sts');
    if (concept.termOriginalLang === locale && concept.termOriginal && concept.termOriginal !== text.term) {
      termSec(langSec, concept.termOriginal, 'admittedTerm-admn-sts');
    }
  }
  if (concept.termOriginal && !(LOCALES as readonly string[]).includes(concept.termOriginalLang ?? '')) {
    const langSec = entry.ele('langSec', { 'xml:lang': concept.termOriginalLang ?? UNDETERMINED_LANGUAGE });
    termSec(langSec, concept.termOriginal, 'preferredTerm-admn-sts');
  }
}

function termSec(langSec: xmlbuilder.XMLElement, term: string, status: string): void {
  const section = langSec.ele('termSec');
  section.ele('term', term);
  section.ele('termNote', { type: 'administrativeStatus' }, status);
}

/**
 * The whole document with one placeholder element where the entries go, cut at the
 * placeholder's line, so that the library writes every tag of head and tail too. The tail
 * does not depend on the header, so `tbxTail` writes none.
 */
function aroundEntries(records: ApiRecords | undefined): { head: string; tail: string } {
  const tbx = xmlbuilder
    .create('tbx', { version: '1.0', encoding: 'UTF-8', stringify: fastStringifier() })
    .instructionBefore(
      'xml-model',
      `href="${TBX_BASIC_RNG}" type="application/xml" schematypens="http://relaxng.org/ns/structure/1.0"`,
    )
    .instructionBefore(
      'xml-model',
      `href="${TBX_BASIC_SCH}" type="application/xml" schematypens="http://purl.oclc.org/dsdl/schematron"`,
    )
    .att({ xmlns: TBX_NAMESPACE, type: 'TBX-Basic', style: 'dca', 'xml:lang': 'en' });
  if (records) {
    // The core structure's order: publicationStmt, titleStmt, sourceDesc.
    const fileDesc = tbx.ele('tbxHeader').ele('fileDesc');
    fileDesc.ele('publicationStmt').ele('p', `${LICENSE} (${LICENSE_URL}). ${records.attribution.required}`);
    fileDesc.ele('titleStmt').ele('title', records.attribution.source);
    fileDesc.ele('sourceDesc').ele('p', records.siteUrl);
  }
  tbx.ele('text').ele('body').ele(ENTRIES_PLACEHOLDER);
  // The placeholder's line as the library writes it. Text and attribute values have their '<'
  // escaped, so the line cannot occur anywhere but where the placeholder is.
  const line = xmlbuilder.create(ENTRIES_PLACEHOLDER, { headless: true }).end(ENTRY_OFFSET) + PRETTY.newline;
  const parts = tbx.end(PRETTY).split(line);
  const [head, tail] = parts;
  if (parts.length !== 2 || head === undefined || tail === undefined)
    throw new Error(`TBX: the entries' placeholder was written ${parts.length - 1} times`);
  return { head, tail };
}
