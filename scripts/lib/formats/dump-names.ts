// What each dump file is called: its data version, locale and format's extension
// (src/contract/output-layout.ts dumpFileName), for the dumps (dumps.ts) and the tests that read them.
import { dumpFileName } from '../../../src/contract/output-layout.ts';
import type { Locale } from '../../../src/contract/facts.ts';
import type { DumpFile } from '../../../src/contract/dump-schemas.ts';
import { SKOS_EXTENSIONS } from './skos-files.ts';

export type DumpLocale = Locale | 'all';
export type DumpFormat = DumpFile['format'];

/** The file extension of each format. */
export const DUMP_EXTENSIONS: Record<DumpFormat, string> = {
  json: 'json',
  ndjson: 'ndjson',
  csv: 'csv',
  sqlite: 'sqlite',
  'skos-turtle': SKOS_EXTENSIONS['skos-turtle'],
  'skos-jsonld': SKOS_EXTENSIONS['skos-jsonld'],
  tbx: 'tbx',
  'schema-org-jsonld': 'schema.jsonld',
};

export function dumpName(dataVersion: string, locale: DumpLocale, format: DumpFormat): string {
  return dumpFileName(dataVersion, locale, DUMP_EXTENSIONS[format]);
}
