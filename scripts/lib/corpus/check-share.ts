// What one thread checks of a cold build's share (parallel-checks.ts): the files' own checks, and
// the editorial findings of the terms whose files are in the share, from the values those checks
// just gave (a term's files go to one thread, so nothing is parsed twice). Pure.
import { type CheckRequest, checkFile, outcomeKey } from './file-checks.ts';
import { localeFileOf } from './editorial-checks.ts';
import { type EditorialRequest, requestedFindings } from './editorial-outcomes.ts';
import { ParseCache } from './parse-cache.ts';

export interface CheckShare {
  files: CheckRequest[];
  /** Terms whose three files are all in `files` (their texts are found there by path, so copied to a thread once). */
  editorial: Omit<EditorialRequest, 'texts'>[];
}

/** A request with its texts, from the share's files. */
function withTexts(request: CheckShare['editorial'][number], textOf: ReadonlyMap<string, string>) {
  const termYaml = textOf.get(request.file);
  const en = textOf.get(localeFileOf(request.file, 'en'));
  const bg = textOf.get(localeFileOf(request.file, 'bg'));
  if (termYaml === undefined || en === undefined || bg === undefined) return undefined;
  return { ...request, texts: { 'term.yaml': termYaml, en, bg } };
}

/** The cache entries of the share: each clean file's outcome, and each term's findings. */
export function checkShare(share: CheckShare): [string, unknown][] {
  // Each text's key is asked for twice (its outcome, its term's findings): worked out once.
  const forgetKeys = ParseCache.rememberKeysFor();
  try {
    return checkedShare(share);
  } finally {
    forgetKeys();
  }
}

function checkedShare({ files, editorial }: CheckShare): [string, unknown][] {
  const entries: [string, unknown][] = [];
  // kind and path -> the checked value (undefined: the file has problems, left to validation).
  const values = new Map<string, unknown>();
  const check = ({ kind, path, text }: CheckRequest) => {
    let clean = true;
    const value = checkFile(kind, { path, text }, () => {
      clean = false;
    });
    return clean ? value : undefined;
  };
  for (const request of files) {
    const value = check(request);
    values.set(`${request.kind}\0${request.path}`, value);
    if (value !== undefined) entries.push([outcomeKey(request.kind, request.text), value]);
  }
  const textOf = new Map(files.map((file) => [file.path, file.text]));
  for (const shared of editorial) {
    const request = withTexts(shared, textOf);
    const found = request && requestedFindings(request, (kind, path) => values.get(`${kind}\0${path}`));
    if (found) entries.push(found);
  }
  return entries;
}
