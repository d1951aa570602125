// The build pipeline: load -> validate -> derive -> emit -> atomic write. The CLI in
// scripts/build.ts is a thin shell over this, and the tests call it directly.
import { createHash } from 'node:crypto';
import { deriveApiRecords } from './derive.ts';
import { emitApiFiles, type OutputFiles } from './emit.ts';
import { loadCorpusFiles, type CorpusFiles } from './load-corpus.ts';
import { formatProblem, validateCorpus, type Corpus, type CorpusProblem } from './validate-corpus.ts';
import { writeOutputAtomically, type WriteSummary } from './write-output.ts';

export interface BuildOptions {
  corpusDir: string;
  outDir: string;
  /** Overrides site.yaml siteUrl (the CLI passes --site-url, else the URL env variable). */
  siteUrl?: string;
  onProgress?: (written: number, total: number) => void;
}

export type BuildResult =
  | { ok: true; corpus: Corpus; dataVersion: string; siteUrl: string; summary: WriteSummary }
  | { ok: false; problems: CorpusProblem[]; messages: string[] };

export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const files = await loadCorpusFiles(options.corpusDir);
  const validation = validateCorpus(files);
  if (!validation.ok) {
    return { ok: false, problems: validation.problems, messages: validation.problems.map(formatProblem) };
  }
  const { corpus } = validation;
  const siteUrl = (options.siteUrl ?? corpus.site.siteUrl).replace(/\/+$/, '');
  const dataVersion = computeDataVersion(files, siteUrl);
  const outputs = emitOutputs(corpus, siteUrl, dataVersion);
  const summary = await writeOutputAtomically(options.outDir, outputs, options.onProgress);
  return { ok: true, corpus, dataVersion, siteUrl, summary };
}

export function emitOutputs(corpus: Corpus, siteUrl: string, dataVersion: string): OutputFiles {
  return emitApiFiles(deriveApiRecords(corpus, siteUrl), dataVersion);
}

/**
 * A content hash of everything the output depends on: every corpus file (by its path inside
 * the corpus, so the same corpus elsewhere has the same version) and the site URL.
 */
export function computeDataVersion({ root, files }: CorpusFiles, siteUrl: string): string {
  const hash = createHash('sha256');
  hash.update(`site-url\0${siteUrl}\0`);
  for (const file of files) {
    const inner = root === '.' ? file.path : file.path.slice(root.length + 1);
    hash.update(`${inner}\0${file.text}\0`);
  }
  return hash.digest('hex');
}
