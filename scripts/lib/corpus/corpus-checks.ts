// Checks across a corpus's files, and the order problems are reported in: the vocabularies
// of site.yaml, each term's pillar, tradition and related terms, and the "did you mean" of an
// unknown slug. Pure.
import type { SiteConfig, TermFacts } from './corpus-schema.ts';
import type { SourceFile } from './load-corpus.ts';
import type { CorpusProblem } from './corpus-model.ts';
import type { ParsedYaml } from './yaml-source.ts';
import { editDistance } from '../names/edit-distance.ts';

export function checkVocabularies(
  site: SiteConfig,
  file: SourceFile,
  yaml: ParsedYaml,
  report: (problem: CorpusProblem) => void,
) {
  const seenPillars = new Set<string>();
  site.pillars.forEach((pillar, i) => {
    if (seenPillars.has(pillar.key)) {
      report({
        file: file.path,
        line: yaml.lineOf(['pillars', i, 'key']),
        field: `pillars.${i}.key`,
        message: `"${pillar.key}" is declared twice`,
      });
    }
    seenPillars.add(pillar.key);
  });
  const seenTraditions = new Set<string>();
  site.traditions.forEach((tradition, i) => {
    if (seenTraditions.has(tradition)) {
      report({
        file: file.path,
        line: yaml.lineOf(['traditions', i]),
        field: `traditions.${i}`,
        message: `"${tradition}" is declared twice`,
      });
    }
    seenTraditions.add(tradition);
  });
}

export function checkTermVocabulary(
  facts: TermFacts,
  file: SourceFile,
  yaml: ParsedYaml,
  site: SiteConfig,
  report: (problem: CorpusProblem) => void,
) {
  const pillars = site.pillars.map((p) => p.key);
  if (!pillars.includes(facts.pillar)) {
    report({
      file: file.path,
      line: yaml.lineOf(['pillar']),
      field: 'pillar',
      message: `"${facts.pillar}" is not a pillar of site.yaml; use one of: ${pillars.join(', ')}`,
    });
  }
  if (!site.traditions.includes(facts.tradition)) {
    report({
      file: file.path,
      line: yaml.lineOf(['tradition']),
      field: 'tradition',
      message: `"${facts.tradition}" is not a tradition of site.yaml; use one of: ${site.traditions.join(', ')}`,
    });
  }
}

export function checkRelatedTerms(
  facts: TermFacts,
  file: SourceFile,
  yaml: ParsedYaml,
  report: (problem: CorpusProblem) => void,
) {
  const seen = new Set<string>();
  facts.relatedTerms.forEach((slug, i) => {
    // The line only for a message: finding it parses a file the cache had spared.
    const at = () => ({ file: file.path, line: yaml.lineOf(['relatedTerms', i]), field: `relatedTerms.${i}` });
    if (slug === facts.slug) report({ ...at(), message: 'a term cannot relate to itself; remove it' });
    else if (seen.has(slug)) report({ ...at(), message: `"${slug}" is listed twice; list each term once` });
    seen.add(slug);
  });
}

export function sortProblems(problems: CorpusProblem[]): CorpusProblem[] {
  const natural = new Intl.Collator('en', { numeric: true });
  return problems.sort(
    (a, b) =>
      compareCodeUnits(a.file, b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      natural.compare(a.field ?? '', b.field ?? '') ||
      compareCodeUnits(a.message, b.message),
  );
}

/** "no term has the slug", with the nearest known slug when one is a likely typo. */
export function unknownSlugMessage(slug: string, known: string[]): string {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(slug.length / 4)) + 1;
  for (const candidate of known) {
    const distance = editDistance(slug, candidate, bestDistance);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best === undefined
    ? `no term has the slug "${slug}"; fix the slug or add terms/${slug}/`
    : `no term has the slug "${slug}"; did you mean "${best}"? Fix the slug or add terms/${slug}/`;
}

export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
