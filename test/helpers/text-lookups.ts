// A corpus's texts and digests by path, as the editorial step asks for them (editorialFindings'
// sources, cachedTermFindings' digests), recording every text asked for.
import { fileDigest, type CorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';

export function textLookups(files: CorpusFiles) {
  const byPath = new Map(files.files.map((file) => [file.path, file]));
  const asked: string[] = [];
  const sources = {
    get: (file: string) => {
      asked.push(file);
      return byPath.get(file)?.text;
    },
  };
  const digestOf = (file: string) => {
    const found = byPath.get(file);
    return found && fileDigest(found);
  };
  return { sources, digestOf, asked };
}
