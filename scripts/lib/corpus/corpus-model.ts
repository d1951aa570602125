// The validated corpus and the problems validation reports: the types every check, the build
// and the statistics share. A module of its own so that the checks and validate-corpus.ts, which
// calls them, do not import each other.
import type { Locale } from '../../../src/contract/facts.ts';
import type { Post, SiteConfig, TermFacts, TermText } from './corpus-schema.ts';

export interface CorpusProblem {
  file: string;
  line?: number;
  field?: string;
  message: string;
}

export interface LocalizedTermText extends TermText {
  /** The Markdown body, trimmed; becomes `fullContent`. */
  body: string;
}

export interface CorpusTerm extends TermFacts {
  texts: Record<Locale, LocalizedTermText>;
  /** The term.yaml path, for messages and statistics. */
  file: string;
}

export interface Corpus {
  site: SiteConfig;
  /** Sorted by slug. */
  terms: CorpusTerm[];
  /** Sorted by slug. */
  posts: Post[];
}

export type ValidationResult = { ok: true; corpus: Corpus } | { ok: false; problems: CorpusProblem[] };

export function formatProblem(problem: CorpusProblem): string {
  const where = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}`;
  return problem.field === undefined
    ? `${where}: ${problem.message}`
    : `${where}: ${problem.field}: ${problem.message}`;
}
