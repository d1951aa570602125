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
import type { ApiRecords } from './api-records.ts';
import type { DerivedTerms } from './derive.ts';
import type { Term } from '../../../src/contract/response-schemas.ts';
import type { Thesaurus } from '../corpus/hierarchy.ts';
import type { Concept } from '../formats/concepts.ts';
import { conceptThesaurus } from '../formats/skos.ts';
import { listEntry } from './list-index-file.ts';

type ListIndexEntry = ReturnType<typeof listEntry>;
/** A concept's broader terms and cross-links: what its thesaurus relations are made of. */
type ConceptLinks = readonly [broader: readonly string[], related: readonly string[]];

const sameList = (a: readonly string[], b: readonly string[] | undefined) =>
  a === b || (b !== undefined && a.length === b.length && a.every((item, i) => item === b[i]));

export class EditMemo {
  readonly outcomes: FileOutcomes = new WeakMap();
  readonly derived: DerivedTerms = new WeakMap();
  readonly searchNames: SearchNamesMemo = new WeakMap();
  private readonly findings = new WeakMap<CorpusTerm, { site: Corpus['site']; found: EditorialFinding[] }>();
  private pagePaths: { site: Corpus['site']; key: string; problems: CorpusProblem[] } | undefined;
  private readonly listEntries = new WeakMap<Term, { searchNames: readonly string[]; entry: ListIndexEntry }>();
  private lastThesaurus: { links: Map<string, ConceptLinks>; thesaurus: Thesaurus } | undefined;

  /** A term's entry in its list index, kept while the record and its search names are the same objects. */
  listEntry(term: Term, searchNames: readonly string[]): ListIndexEntry {
    const known = this.listEntries.get(term);
    if (known?.searchNames === searchNames) return known.entry;
    const entry = listEntry(term, searchNames);
    this.listEntries.set(term, { searchNames, entry });
    return entry;
  }

  /** The thesaurus of the concepts, kept while no concept is added, removed or linked otherwise. */
  thesaurus(concepts: readonly Concept[]): Thesaurus {
    const links = new Map(
      concepts.map((concept): [string, ConceptLinks] => [concept.slug, [concept.broader, concept.relatedTerms]]),
    );
    const last = this.lastThesaurus;
    const same =
      last?.links.size === links.size &&
      [...links].every(([slug, [broader, related]]) => {
        const [wasBroader, wasRelated] = last.links.get(slug) ?? [];
        return sameList(broader, wasBroader) && sameList(related, wasRelated);
      });
    if (same) return last.thesaurus;
    const thesaurus = conceptThesaurus(concepts);
    this.lastThesaurus = { links, thesaurus };
    return thesaurus;
  }

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
