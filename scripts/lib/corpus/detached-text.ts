// A value parsed from a text can hold V8 slices of that whole text: a string the parser cut out of
// the file is, for V8, a pointer into the file's string, which then stays in memory as long as
// the value. A large corpus's texts stay on disk (load-corpus.ts: TermTextOnDisk) precisely so that
// they are not all in memory, so what is kept of them must share no memory with them: the check
// threads' answers never do (a structured clone copies every string); what is parsed on the main
// thread is copied the same way (parallel-checks.ts, and here for validation's own checks).
import type { LocalizedTermText } from './corpus-model.ts';

/**
 * A copy of a term's checked text whose values share no memory with its file. Its `body`, a
 * getter that reads the file again (file-checks.ts: a text kept on disk), is kept as it is,
 * never called; the fields keep their order.
 */
export function detachedText(text: LocalizedTermText): LocalizedTermText {
  const copy = {} as LocalizedTermText;
  for (const [key, field] of Object.entries(Object.getOwnPropertyDescriptors(text))) {
    Object.defineProperty(copy, key, 'value' in field ? { ...field, value: structuredClone(field.value) } : field);
  }
  return copy;
}
