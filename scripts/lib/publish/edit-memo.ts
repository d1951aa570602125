// What the edit loop keeps between two changes of the same corpus, so that a change costs what it
// touches: every per-file and per-term step of a build, remembered by the very objects it was
// computed from. Validation hands back the same object for an unchanged file and the same term
// for three unchanged files (corpus/validation-memo.ts), derivation the same records for an
// unchanged term (derive.ts), so a lookup is an identity check. The steps across the corpus
// (slugs, references, the hierarchy, the sort, the list index) still run on every change, on
// these kept results. The result is the full build's: test/build/edit-session.test.ts and
// test/build/edit-loop-property.test.ts compare every file with a fresh full build.
import type { Corpus, CorpusProblem, CorpusTerm, FileOutcomes } from '../corpus/validate-corpus.ts';
import { type EditorialFinding, type SourceTexts, termEditorialFindings } from '../corpus/editorial-checks.ts';
import type { SearchNamesMemo } from '../names/term-search-names.ts';
import { pagePathProblems } from '../pages/page-paths.ts';
import type { ApiRecords, DerivedTerms } from './derive.ts';

export class EditMemo {
  readonly outcomes: FileOutcomes = new WeakMap();
  readonly derived: DerivedTerms = new WeakMap();
  readonly searchNames: SearchNamesMemo = new WeakMap();
  private readonly findings = new WeakMap<CorpusTerm, { site: Corpus['site']; found: EditorialFinding[] }>();
  private pagePaths: { site: Corpus['site']; key: string; problems: CorpusProblem[] } | undefined;

  /**
   * A term's editorial findings, kept while it is the same term (its three files unchanged) and
   * site.yaml the same: checking every body for anonymous views cost more than the rest of a change.
   */
  termFindings = (term: CorpusTerm, site: Corpus['site'], sources: SourceTexts): EditorialFinding[] => {
    const known = this.findings.get(term);
    if (known?.site === site) return known.found;
    const found = termEditorialFindings(term, site, sources);
    this.findings.set(term, { site, found });
    return found;
  };

  /** The page paths' problems, kept while site.yaml, the site URL and the slugs of terms and posts stay the same. */
  pagePathProblems(site: Corpus['site'], records: ApiRecords, siteFile: string): CorpusProblem[] {
    const key = [
      records.siteUrl,
      siteFile,
      [...records.details.keys()].join('/'),
      records.posts.map((post) => post.slug).join('/'),
    ].join('\n');
    if (this.pagePaths?.site === site && this.pagePaths.key === key) return this.pagePaths.problems;
    const problems = pagePathProblems(site, records, siteFile);
    this.pagePaths = { site, key, problems };
    return problems;
  }
}
