// The text `npm run corpus:stats` prints: the counts first, then every warning with its items.
import { LOCALES } from '../../../src/contract/facts.ts';
import { REFERENCES_MAX, REFERENCES_MIN } from './corpus-schema.ts';
import { BODY_WORDS_MAX, BODY_WORDS_MIN, type CorpusStats, RELATED_TERMS_MAX } from './corpus-stats.ts';

export function formatCorpusStats(stats: CorpusStats): string {
  const lines: string[] = [];
  const table = (title: string, counts: Record<string, number>) => {
    lines.push(`${title}:`);
    for (const [key, count] of Object.entries(counts)) lines.push(`  ${key.padEnd(22)} ${String(count).padStart(4)}`);
  };
  const list = (title: string, items: string[]) => {
    lines.push(`${title}: ${items.length}`);
    for (const item of items) lines.push(`  ${item}`);
  };
  lines.push(`terms: ${stats.terms} (each in en and bg)`, `posts: ${stats.posts}`);
  lines.push(`terms with a related post: ${(stats.postCoverage * 100).toFixed(1)}%`);
  lines.push(
    `terms with ${REFERENCES_MIN}-${REFERENCES_MAX} references: ${stats.terms - stats.withoutReferences.length} of ${stats.terms}`,
  );
  lines.push(`entries outside ${REFERENCES_MIN}-${REFERENCES_MAX} references: ${stats.withoutReferences.length}`);
  lines.push(`style-rule hits (corpus/style.yaml): ${stats.styleWarnings.length}`);
  lines.push(`reciprocal relatedTerms links: ${(stats.reciprocalShare * 100).toFixed(1)}%`);
  lines.push(
    `Interpretations naming a referenced scholar: ${2 * stats.terms - stats.interpretationsWithoutScholar.length} of ${2 * stats.terms} (en and bg)`,
  );
  lines.push(
    `author-format findings: ${stats.authorFormat.length}; works described two ways: ${stats.workInconsistencies.length}`,
  );
  lines.push(
    `anonymous views: ${stats.editorial['anonymous-view'].length} (in definitions and etymologies: ${stats.editorial['definition-view'].length}); scholarly works cited but never named: ${stats.editorial['cited-never-named'].length}; works cited with different years: ${stats.editorial['work-year'].length}`,
  );
  lines.push(`traditions with at least 4 entries: ${stats.traditionsWithFourOrMore}`);
  table('terms per pillar', stats.perPillar);
  table('terms per tradition', stats.perTradition);
  for (const locale of LOCALES) {
    const w = stats.bodyWords[locale];
    lines.push(`body words (${locale}): min ${w.min}, median ${w.median}, max ${w.max}`);
  }
  lines.push('', 'warnings:');
  list('terms without posts', stats.termsWithoutPosts);
  list('one-way relatedTerms links', stats.oneWayLinks);
  list('missing pronunciation', stats.missing.pronunciation);
  list('missing termOriginal', stats.missing.termOriginal);
  list('termOriginal without termOriginalLang', stats.missing.termOriginalLang);
  list(`terms without ${REFERENCES_MIN}-${REFERENCES_MAX} references`, stats.withoutReferences);
  list('style-sheet variants (corpus/style.yaml)', stats.styleWarnings);
  list('missing etymology', stats.missing.etymology);
  list('body sections that differ from site.yaml', stats.sectionMismatches);
  list(`body lengths outside ${BODY_WORDS_MIN}-${BODY_WORDS_MAX} words`, stats.bodyLengthOutliers);
  list(`terms with more than ${RELATED_TERMS_MAX} related terms`, stats.overLinked);
  list('authors not written "Family, Given" joined by "; "', stats.authorFormat);
  list('works cited with different titles, kinds or authors', stats.workInconsistencies);
  list('Interpretations naming no author of a scholarly reference', stats.interpretationsWithoutScholar);
  list('scholars named in a body but not in its references', stats.scholarsNotReferenced);
  list('anonymous views ("some scholars", "is debated", „смята се“…)', stats.editorial['anonymous-view']);
  list('anonymous views in definitions and etymologies', stats.editorial['definition-view']);
  list('scholarly references whose author a body never names (per locale)', stats.editorial['cited-never-named']);
  list('works cited with different years across entries', stats.editorial['work-year']);
  return lines.join('\n');
}
