// What the edit loop keeps between two validations of the same corpus (validate-corpus.ts).
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';
import type { TermFacts } from './corpus-schema.ts';
import type { CorpusProblem, CorpusTerm, LocalizedTermText } from './corpus-model.ts';
import type { SourceFile } from './load-corpus.ts';

type Report = (problem: CorpusProblem) => void;

/**
 * A file's own checked outcome by the file object itself (and a validated term by its checked
 * term.yaml): the edit loop keeps one across changes, and an unchanged file keeps its object
 * (load-corpus.ts reloadCorpusPaths), so it is neither hashed nor split again, and what it
 * yields stays the same object for the steps after (derive.ts: DerivedTerms). Only clean
 * outcomes are kept, as in the parse cache.
 */
export type FileOutcomes = WeakMap<object, unknown>;

/** `check` once per file object while it stays clean (see FileOutcomes); without outcomes, every time. */
export function checkedFile<T>(
  outcomes: FileOutcomes | undefined,
  report: Report,
  file: SourceFile,
  check: (report: Report) => T | undefined,
): T | undefined {
  if (!outcomes) return check(report);
  if (outcomes.has(file)) return outcomes.get(file) as T;
  let clean = true;
  const value = check((problem) => {
    clean = false;
    report(problem);
  });
  if (clean && value !== undefined) outcomes.set(file, value);
  return value;
}

/** A validated term; with outcomes, the same object as long as its three files are. */
export function corpusTerm(
  outcomes: FileOutcomes | undefined,
  facts: TermFacts,
  texts: Record<Locale, LocalizedTermText>,
  file: string,
): CorpusTerm {
  const known = outcomes?.get(facts) as CorpusTerm | undefined;
  if (known && known.file === file && LOCALES.every((locale) => known.texts[locale] === texts[locale])) return known;
  const term: CorpusTerm = { ...facts, texts, file };
  outcomes?.set(facts, term);
  return term;
}
