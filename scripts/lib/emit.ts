// API records -> the files of dist/, as a map from path to contents. Pure, so the golden and
// determinism tests can compare outputs without touching the disk.
import { API_ROOT, DOCS_PATH, LOCALES, termFilePath } from '../../src/contract.ts';
import { foldForSearch } from '../../src/fold.ts';
import { encodeListIndex } from '../../src/list-index.ts';
import { toListItem, type ApiRecords } from './derive.ts';

export type OutputFiles = Map<string, string | Uint8Array>;

/** Where the function finds the list index of a locale, relative to the output root. */
export const listIndexPath = (locale: string) => `_data/list-index.${locale}.bin`;

export function emitApiFiles(records: ApiRecords, dataVersion: string): OutputFiles {
  const files: OutputFiles = new Map();
  const attributionJson = JSON.stringify(records.attribution);
  for (const locale of LOCALES) {
    const { terms } = records.locales[locale];
    for (const term of terms) {
      files.set(relative(termFilePath(locale, term.slug)), `{"data":${JSON.stringify(term)},"attribution":${attributionJson}}`);
    }
    files.set(
      listIndexPath(locale),
      encodeListIndex({
        locale,
        dataVersion,
        pillars: records.pillars.data.map((pillar) => pillar.key),
        attributionJson,
        docsUrl: records.siteUrl + DOCS_PATH,
        entries: terms.map((term) => ({
          json: JSON.stringify(toListItem(term)),
          pillar: term.pillar,
          foldedName: foldForSearch(term.term, locale),
          slug: term.slug,
        })),
      }),
    );
  }
  files.set(relative(`${API_ROOT}/pillars.json`), JSON.stringify(records.pillars));
  return files;
}

function relative(sitePath: string): string {
  return sitePath.replace(/^\//, '');
}
