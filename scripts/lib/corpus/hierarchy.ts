// The lexicon's hierarchy: term.yaml `broader` checked (existing terms, not the term itself,
// not also related, no cycle) and turned into a thesaurus: broader and narrower per concept,
// associative relations made symmetric and kept apart from the hierarchy, the top concepts.
// Pure.
import type { TermFacts } from './corpus-schema.ts';
import { unknownSlugMessage } from './corpus-checks.ts';
import type { SourceFile } from './load-corpus.ts';
import type { CorpusProblem } from './corpus-model.ts';
import type { ParsedYaml } from './yaml-source.ts';

type Report = (problem: CorpusProblem) => void;

/** One term's own list: not itself, no repeats, none also in relatedTerms. */
export function checkBroaderOfTerm(facts: TermFacts, file: SourceFile, yaml: ParsedYaml, report: Report): void {
  const seen = new Set<string>();
  (facts.broader ?? []).forEach((slug, i) => {
    // The line only for a message: finding it parses a file the cache had spared.
    const at = () => ({ file: file.path, line: yaml.lineOf(['broader', i]), field: `broader.${i}` });
    if (slug === facts.slug) report({ ...at(), message: 'a term cannot be broader than itself; remove it' });
    else if (seen.has(slug)) report({ ...at(), message: `"${slug}" is listed twice; list each term once` });
    else if (facts.relatedTerms.includes(slug)) {
      report({
        ...at(),
        message: `"${slug}" is also in relatedTerms; a broader term is linked already (the API lists it among relatedTerms), so remove it from relatedTerms`,
      });
    }
    seen.add(slug);
  });
}

interface Registered {
  facts: TermFacts;
  file: SourceFile;
  yaml: ParsedYaml;
}

/** Across the corpus, once every slug is known: each broader term exists, and no term is below itself. */
export function checkHierarchy(
  registered: readonly Registered[],
  isKnownSlug: (slug: string) => boolean,
  knownSlugs: () => string[],
  report: Report,
): void {
  for (const { facts, file, yaml } of registered) {
    (facts.broader ?? []).forEach((slug, i) => {
      if (slug !== facts.slug && !isKnownSlug(slug)) {
        report({
          file: file.path,
          line: yaml.lineOf(['broader', i]),
          field: `broader.${i}`,
          message: unknownSlugMessage(slug, knownSlugs()),
        });
      }
    });
  }
  const bySlug = new Map(registered.map((r) => [r.facts.slug, r]));
  const broader = new Map(
    registered.map((r) => [r.facts.slug, (r.facts.broader ?? []).filter((s) => s !== r.facts.slug)]),
  );
  for (const cycle of findCycles(broader)) {
    // Reported once, at the first term of the loop by slug, naming every step.
    const [first, second = first] = cycle;
    const registration = bySlug.get(first);
    if (registration === undefined) throw new Error(`the hierarchy loop at "${first}" runs through no registered term`);
    const { facts, file, yaml } = registration;
    const i = (facts.broader ?? []).indexOf(second);
    report({
      file: file.path,
      line: yaml.lineOf(['broader', i]),
      field: `broader.${i}`,
      message: `the hierarchy loops (${[...cycle, cycle[0]].join(' -> ')}); a term cannot be below itself, so remove one of these broader links`,
    });
  }
}

/**
 * Every elementary loop found by a depth-first walk, each rotated to start at its smallest
 * slug, in slug order. A self-loop is not one (checked per term).
 */
export function findCycles(broader: ReadonlyMap<string, readonly string[]>): [string, ...string[]][] {
  const state = new Map<string, 'open' | 'done'>();
  const cycles = new Map<string, [string, ...string[]]>();
  const path: string[] = [];
  const visit = (slug: string) => {
    state.set(slug, 'open');
    path.push(slug);
    for (const parent of broader.get(slug) ?? []) {
      if (state.get(parent) === 'open') {
        const loop = path.slice(path.indexOf(parent));
        const [smallest = parent] = [...loop].sort(); // the loop holds `parent` at least
        const start = loop.indexOf(smallest);
        const rotated: [string, ...string[]] = [smallest, ...loop.slice(start + 1), ...loop.slice(0, start)];
        cycles.set(rotated.join(' '), rotated);
      } else if (!state.has(parent) && broader.has(parent)) visit(parent);
    }
    path.pop();
    state.set(slug, 'done');
  };
  for (const slug of [...broader.keys()].sort()) if (!state.has(slug)) visit(slug);
  return [...cycles.values()].sort((a, b) => (a.join(' ') < b.join(' ') ? -1 : 1));
}

/** The hierarchy and associations of a set of concepts, as a SKOS thesaurus states them. */
export interface Thesaurus {
  broader(slug: string): readonly string[];
  narrower(slug: string): readonly string[];
  /** skos:related: symmetric, and never between a concept and one above or below it. */
  related(slug: string): readonly string[];
  isTop(slug: string): boolean;
}

/**
 * `links`: each concept's broader terms and its cross-links (the API's relatedTerms, which list
 * the broader terms too). A cross-link stated in one direction is related in both, as SKOS
 * declares skos:related symmetric; one between a concept and its ancestor or descendant is
 * hierarchical, not associative, so it is left out (qSKOS "relation clashes").
 */
export function thesaurusOf(
  links: ReadonlyMap<string, { broader: readonly string[]; relatedTerms: readonly string[] }>,
): Thesaurus {
  const narrower = new Map<string, string[]>();
  for (const [slug, { broader }] of links) {
    for (const parent of broader) {
      const children = narrower.get(parent);
      if (children) children.push(slug);
      else narrower.set(parent, [slug]);
    }
  }
  for (const children of narrower.values()) children.sort();
  const ancestors = new Map<string, Set<string>>();
  const ancestorsOf = (slug: string): Set<string> => {
    let found = ancestors.get(slug);
    if (found) return found;
    found = new Set();
    ancestors.set(slug, found);
    for (const parent of links.get(slug)?.broader ?? []) {
      found.add(parent);
      for (const above of ancestorsOf(parent)) found.add(above);
    }
    return found;
  };
  const hierarchical = (a: string, b: string) => ancestorsOf(a).has(b) || ancestorsOf(b).has(a);
  const related = new Map<string, Set<string>>([...links.keys()].map((slug) => [slug, new Set<string>()]));
  for (const [slug, { relatedTerms }] of links) {
    for (const other of relatedTerms) {
      const mine = related.get(slug);
      const theirs = related.get(other);
      if (other === slug || !mine || !theirs || hierarchical(slug, other)) continue;
      mine.add(other);
      theirs.add(slug);
    }
  }
  const sortedRelated = new Map([...related].map(([slug, set]) => [slug, [...set].sort()]));
  return {
    broader: (slug) => links.get(slug)?.broader ?? [],
    narrower: (slug) => narrower.get(slug) ?? [],
    related: (slug) => sortedRelated.get(slug) ?? [],
    isTop: (slug) => (links.get(slug)?.broader.length ?? 0) === 0,
  };
}
