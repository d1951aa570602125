// The editorial findings of a corpus whose texts stay on disk (100,000 terms), worked out while its
// files are checked as they are read (streamed-checks.ts), where each term's three texts are still
// in hand: afterwards they were worked out on the main thread, reading every body from disk again
// (7.4-8.5 s of its CPU: bench/README.md, "The 100,000-term time, thirteenth session").
// A term's findings are a function of its three files (their paths and bytes), site.yaml's two
// Interpretations headings and the code (editorial-outcomes.ts: editorialKey), so those of a term
// whose three files a chunk holds, each passing its own checks, are the validated term's findings:
// they go into the parse cache under that key, where the build's editorial step finds them. A term
// whose files a chunk does not hold whole, or with a file that fails, is left to that step.
import type { Locale } from '../../../src/contract/facts.ts';
import { SiteConfigSchema, type TermFacts, type TermText } from './corpus-schema.ts';
import {
  type EditorialFinding,
  type EditorialTerm,
  type InterpretationsHeadings,
  interpretationsHeadings,
  termFindingsUnder,
} from './editorial-checks.ts';
import { editorialKey, type TermFileDigests } from './editorial-outcomes.ts';
import { type CheckRequest, parseWith, termBody } from './file-checks.ts';
import { fileDigest, type SourceFile } from './source-file.ts';
import { parseYaml } from './yaml-source.ts';

/**
 * site.yaml's Interpretations headings, from its text as read; none if it does not pass its schema
 * (validation reports why; a term's findings are then not worked out early).
 */
export function siteHeadings(file: SourceFile): InterpretationsHeadings | undefined {
  let clean = true;
  const site = parseWith(file, parseYaml(file.text), SiteConfigSchema, () => {
    clean = false;
  });
  return clean && site !== undefined ? interpretationsHeadings(site) : undefined;
}

/** A term folder's checked files, by kind. */
interface TermFolder {
  yaml?: { request: CheckRequest; facts: TermFacts };
  texts: Partial<Record<Locale, { request: CheckRequest; fields: TermText }>>;
}

/** The folder of a file, by the path messages show. */
const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

/**
 * The cache entries (editorialKey, findings) of the terms whose three files are among `clean`
 * (each file that passed its own checks, with its outcome), in the order of their term.yaml.
 */
export function chunkFindings(
  clean: ReadonlyMap<CheckRequest, unknown>,
  headings: InterpretationsHeadings,
): [string, EditorialFinding[]][] {
  const folders = new Map<string, TermFolder>();
  for (const [request, value] of clean) {
    if (request.kind === 'post') continue;
    const folder = folders.get(folderOf(request.path)) ?? { texts: {} };
    folders.set(folderOf(request.path), folder);
    if (request.kind === 'term.yaml') folder.yaml = { request, facts: value as TermFacts };
    else folder.texts[request.kind.slice(0, 2) as Locale] = { request, fields: value as TermText };
  }
  const entries: [string, EditorialFinding[]][] = [];
  for (const folder of folders.values()) {
    const entry = termEntry(folder, headings);
    if (entry !== undefined) entries.push(entry);
  }
  return entries;
}

/** A whole term folder's cache entry; none when a file is missing (or its body is). */
function termEntry(
  { yaml, texts }: TermFolder,
  headings: InterpretationsHeadings,
): [string, EditorialFinding[]] | undefined {
  const en = texts.en;
  const bg = texts.bg;
  if (yaml === undefined || en === undefined || bg === undefined) return undefined;
  const enBody = termBody(en.request.text);
  const bgBody = termBody(bg.request.text);
  if (enBody === undefined || bgBody === undefined) return undefined;
  const { slug, references } = yaml.facts;
  const file = yaml.request.path;
  const { definition: enDefinition, etymology: enEtymology } = en.fields;
  const { definition: bgDefinition, etymology: bgEtymology } = bg.fields;
  const term: EditorialTerm = {
    slug,
    file,
    references,
    texts: {
      en: { body: enBody, definition: enDefinition, etymology: enEtymology },
      bg: { body: bgBody, definition: bgDefinition, etymology: bgEtymology },
    },
  };
  const requests = [yaml.request, en.request, bg.request];
  const sources = new Map(requests.map((request) => [request.path, request.text]));
  const digests: TermFileDigests = {
    'term.yaml': fileDigest(yaml.request),
    en: fileDigest(en.request),
    bg: fileDigest(bg.request),
  };
  return [editorialKey({ file, digests, headings }), termFindingsUnder(term, headings, sources)];
}

/** Whether a chunk may end before `request` (chunks end between term folders; posts have none). */
export const endsBefore = (request: CheckRequest, previous: CheckRequest | undefined): boolean =>
  request.kind === 'post' || previous === undefined || folderOf(request.path) !== folderOf(previous.path);
