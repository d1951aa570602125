// TBX entries carry any text the corpus accepts: read back with a real XML parser (@xmldom/xmldom,
// and xmllint where installed), every name, definition, URL and language comes back exactly,
// whatever markup-like characters it holds; text the corpus refuses is refused here too.
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/contract/facts.ts';
import { type Concept, conceptsOf } from '../../scripts/lib/formats/concepts.ts';
import { deriveApiRecords } from '../../scripts/lib/publish/derive.ts';
import {
  TBX_NAMESPACE,
  tbxConceptEntry,
  tbxConceptId,
  tbxHead,
  tbxTail,
  writeTbx,
} from '../../scripts/lib/formats/tbx.ts';
import { findUnsafeCharacter } from '../../scripts/lib/corpus/text-hygiene.ts';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { smallCorpusFiles } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const validation = validateCorpus(smallCorpusFiles());
if (!validation.ok) throw new Error('invalid corpus');
const records = deriveApiRecords(validation.corpus, 'https://lexicon.test');
const base = conceptsOf(records)[0]!;
/** A pillar's labels, hostile like the rest. */
const fields = { en: 'Cosmology <&> "creation"', bg: 'Космология & сътворение' };

/** Text that looks like markup, with the control and invisible characters the corpus allows. */
const HOSTILE = [
  '<b>bold</b> & <i>',
  'a && b; &amp; &lt; &#x41; &#65; &nbsp;',
  `"double" and 'single' quotes`,
  'ends a CDATA section ]]> and opens one <![CDATA[ x ]]>',
  '<!-- comment --> <?pi x?> <!DOCTYPE x>',
  'tab\there, line\nbreak, two\n\nlines',
  'bidi marks \u200E\u200F\u061C and joiners \u200D\u200C',
  'astral 𓂀 and combining e\u0301',
];

function hostileConcept(text: string): Concept {
  const texts = Object.fromEntries(
    LOCALES.map((l) => [
      l,
      {
        ...base.texts[l],
        term: `${l}: ${text}`,
        definition: `Definition ${l}: ${text}`,
        url: `https://lexicon.test/${l}/x?q=${text}`,
      },
    ]),
  ) as Concept['texts'];
  return {
    ...base,
    pillar: `pillar ${text}`,
    relatedTerms: [`related-${text}`],
    termOriginal: `original ${text}`,
    termOriginalLang: 'grc',
    texts,
    aliases: Object.fromEntries(LOCALES.map((l) => [l, [`alias ${text}`, text]])) as Concept['aliases'],
  };
}

/** Parses strictly: any error or warning fails. */
function parse(xml: string): Element {
  const document = new DOMParser({
    onError: (level, message) => {
      throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(xml, 'application/xml');
  return document.documentElement!;
}

const elements = (parent: Element, name: string) =>
  Array.from(parent.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).localName === name);

/** What an entry says, as read back: every text and attribute value, in document order. */
function readEntry(entry: Element) {
  return {
    id: entry.getAttribute('id'),
    subjectField: elements(entry, 'descrip').map((e) => [e.getAttribute('xml:lang'), e.textContent]),
    refs: elements(entry, 'ref').map((e) => [e.getAttribute('target'), e.textContent]),
    langSecs: elements(entry, 'langSec').map((langSec) => ({
      lang: langSec.getAttribute('xml:lang'),
      definition: elements(langSec, 'descrip').map((e) => e.textContent),
      xref: elements(langSec, 'xref').map((e) => [e.getAttribute('target'), e.textContent]),
      terms: elements(langSec, 'termSec').map((s) => [
        elements(s, 'term')[0]!.textContent,
        elements(s, 'termNote')[0]!.textContent,
      ]),
    })),
  };
}

/** The same, from the concept: what the entry must say. */
function expectedEntry(concept: Concept) {
  const admitted = (terms: string[]) => terms.map((t) => [t, 'admittedTerm-admn-sts']);
  return {
    id: tbxConceptId(concept.slug),
    subjectField: LOCALES.map((l) => [l, fields[l]]),
    refs: concept.relatedTerms.map((r) => [tbxConceptId(r), r]),
    langSecs: [
      ...LOCALES.map((l) => ({
        lang: l,
        definition: [concept.texts[l].definition],
        xref: [[concept.texts[l].url, concept.texts[l].term]],
        terms: [[concept.texts[l].term, 'preferredTerm-admn-sts'], ...admitted(concept.aliases[l])],
      })),
      {
        lang: concept.termOriginalLang,
        definition: [],
        xref: [],
        terms: [[concept.termOriginal, 'preferredTerm-admn-sts']],
      },
    ],
  };
}

describe('tbxConceptEntry', () => {
  it.each(HOSTILE)('writes %j so that a parser reads back exactly the concept', (text) => {
    const concept = hostileConcept(text);
    expect(findUnsafeCharacter(text), 'the corpus accepts this text').toBeUndefined();
    expect(readEntry(parse(tbxConceptEntry(concept, fields)))).toEqual(expectedEntry(concept));
  });

  it('round-trips any text the corpus accepts', () => {
    const unit = fc.oneof(
      fc.constantFrom('<', '>', '&', '"', "'", ']', ';', '#', '\t', '\n', ' ', '\u200E', '\u200D', 'a', 'я', '𓂀'),
      fc.string({ unit: 'grapheme', maxLength: 1 }),
    );
    const text = fc
      .array(unit, { minLength: 1, maxLength: 30 })
      .map((units) => units.join(''))
      .filter((t) => findUnsafeCharacter(t) === undefined);
    fc.assert(
      fc.property(text, (t) => {
        const concept = hostileConcept(t);
        expect(readEntry(parse(tbxConceptEntry(concept, fields)))).toEqual(expectedEntry(concept));
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['U+0001', '\u0001'],
    ['U+FFFE', '\uFFFE'],
    ['a lone surrogate', '\uD800'],
  ])('refuses %s, which XML cannot carry, instead of writing an ill-formed file', (_name, char) => {
    expect(() => tbxConceptEntry(hostileConcept(`x${char}y`), fields)).toThrow();
  });

  // Entries are made in one shared element and removed once written: one refused leaves nothing behind.
  it('writes an entry the same after another was refused', () => {
    const concept = hostileConcept(HOSTILE[0]!);
    const before = tbxConceptEntry(concept, fields);
    expect(() => tbxConceptEntry({ ...hostileConcept('x\u0001y'), slug: 'refused' }, fields)).toThrow();
    expect(tbxConceptEntry(concept, fields)).toBe(before);
    expect(before).not.toContain('refused');
  });

  it('depends on the concept alone: the same concept gives the same text', () => {
    const concept = hostileConcept(HOSTILE[0]!);
    expect(tbxConceptEntry(structuredClone(concept), fields)).toBe(tbxConceptEntry(concept, fields));
  });
});

describe('head, entries and tail', () => {
  const concepts = HOSTILE.map((text, i) => ({ ...hostileConcept(text), slug: `s${i}` }));
  // Every concept's pillar has the hostile labels.
  const hostileRecords = {
    ...records,
    attribution: { ...records.attribution, source: 'Lexicon <&> "]]>"', required: "Cite 'us' & <link>" },
    pillars: { ...records.pillars, data: concepts.map((c) => ({ key: c.pillar, label: fields, count: 1 })) },
  };
  const document = tbxHead(hostileRecords) + concepts.map((c) => tbxConceptEntry(c, fields)).join('') + tbxTail();

  it('make one TBX document: the header and every entry read back exactly', () => {
    const root = parse(document);
    expect(root.namespaceURI).toBe(TBX_NAMESPACE);
    const fileDesc = elements(elements(root, 'tbxHeader')[0]!, 'fileDesc')[0]!;
    expect(fileDesc.getElementsByTagName('title')[0]!.textContent).toBe(hostileRecords.attribution.source);
    expect(fileDesc.getElementsByTagName('p')[0]!.textContent).toContain(hostileRecords.attribution.required);
    const body = elements(elements(root, 'text')[0]!, 'body')[0]!;
    expect(elements(body, 'conceptEntry').map(readEntry)).toEqual(concepts.map(expectedEntry));
  });

  it('are what writeTbx streams', async () => {
    const chunks: string[] = [];
    await writeTbx(hostileRecords, concepts, {
      write: async (chunk) => void chunks.push(chunk as string),
      close: async () => ({ bytes: 0, sha256: '' }),
    });
    expect(chunks.join('')).toBe(document);
  });

  const xmllint = spawnSync('xmllint', ['--version']).error ? undefined : 'xmllint';
  it.skipIf(!xmllint)('are well-formed for xmllint, which reads the same definitions back', () => {
    const file = path.join(tempDir(), 'hostile.tbx');
    writeFileSync(file, document);
    expect(() => execFileSync('xmllint', ['--noout', file], { stdio: 'pipe' })).not.toThrow();
    // xmllint ends what it prints with a line break.
    for (const concept of concepts) {
      const definition = `string(//*[@id="${tbxConceptId(concept.slug)}"]/*[@xml:lang="en"]/*[local-name()="descrip"])`;
      expect(execFileSync('xmllint', ['--xpath', definition, file], { encoding: 'utf8' })).toBe(
        `${concept.texts.en.definition}\n`,
      );
    }
  });
});
