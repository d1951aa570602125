// The lexicon as schema.org JSON-LD: one DefinedTermSet whose hasDefinedTerm lists a
// DefinedTerm per concept, named and described in both locales. The context is inline
// (schema.org as the vocabulary), so the file reads offline in any JSON-LD processor with no
// fetch of schema.org's remote context. Streamed term by term.
import { LICENSE_URL, LOCALES } from '../../../src/contract/facts.ts';
import { conceptUri, schemeUri, type Concept } from './concepts.ts';
import type { ApiRecords } from '../publish/api-records.ts';
import type { StreamedFile } from '../publish/write-output.ts';

export const SCHEMA_ORG_CONTEXT = {
  '@vocab': 'https://schema.org/',
  url: { '@type': '@id' },
  license: { '@type': '@id' },
};

const text = (value: string, language: string | null) =>
  language ? { '@value': value, '@language': language } : value;

export function definedTerm(siteUrl: string, concept: Concept): Record<string, unknown> {
  const alternateNames = LOCALES.flatMap((l) => concept.aliases[l].map((alias) => text(alias, l)));
  if (concept.termOriginal) alternateNames.push(text(concept.termOriginal, concept.termOriginalLang));
  return {
    '@id': conceptUri(siteUrl, concept.slug),
    '@type': 'DefinedTerm',
    termCode: concept.slug,
    name: LOCALES.map((l) => text(concept.texts[l].term, l)),
    ...(alternateNames.length > 0 ? { alternateName: alternateNames } : {}),
    description: LOCALES.map((l) => text(concept.texts[l].definition, l)),
    url: LOCALES.map((l) => concept.texts[l].url),
    inDefinedTermSet: { '@id': schemeUri(siteUrl) },
  };
}

export async function writeDefinedTermSet(
  records: ApiRecords,
  dataVersion: string,
  concepts: readonly Concept[],
  file: StreamedFile,
): Promise<void> {
  const head = {
    '@context': SCHEMA_ORG_CONTEXT,
    '@id': schemeUri(records.siteUrl),
    '@type': 'DefinedTermSet',
    name: records.attribution.source,
    url: records.siteUrl,
    license: LICENSE_URL,
    creditText: records.attribution.required,
    version: dataVersion,
    inLanguage: [...LOCALES],
  };
  await file.write(`${JSON.stringify(head).slice(0, -1)},"hasDefinedTerm":[`);
  for (const [index, concept] of concepts.entries()) {
    await file.write(`${index === 0 ? '' : ','}\n${JSON.stringify(definedTerm(records.siteUrl, concept))}`);
  }
  await file.write('\n]}\n');
}
