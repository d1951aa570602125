// What one thread checks of a cold build's share (parallel-checks.ts): the files' own checks, and
// the editorial findings of the terms whose files are in the share, from the values those checks
// just gave (a term's files go to one thread, so nothing is parsed twice). Pure.
import { type CheckRequest, checkFile, outcomeKey } from './file-checks.ts';
import { type EditorialRequest, requestedFindings } from './editorial-outcomes.ts';

export interface CheckShare {
  files: CheckRequest[];
  editorial: EditorialRequest[];
}

/** The cache entries of the share: each clean file's outcome, and each term's findings. */
export function checkShare({ files, editorial }: CheckShare): [string, unknown][] {
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
  for (const request of editorial) {
    // A term split between two chunks of the prefill had some files checked elsewhere: checked here again.
    const found = requestedFindings(request, (kind, path, text) => {
      const id = `${kind}\0${path}`;
      return values.has(id) ? values.get(id) : check({ kind, path, text });
    });
    if (found) entries.push(found);
  }
  return entries;
}
