// How parseWith (file-checks.ts) found the unsafe strings of a YAML value before the twelfth
// session: every string with its path (stringsIn), each asked textProblems. Now a walk without
// paths decides first (someStringUnsafe); this is its oracle (test/unit/unsafe-strings-oracle.test.ts).
import { stringsIn, textProblems } from '../../scripts/lib/corpus/text-hygiene.ts';

export function someStringUnsafeBefore(value: unknown): boolean {
  for (const [text] of stringsIn(value)) if (textProblems(text).length > 0) return true;
  return false;
}
