// The fast path's guards (yaml-fast-path.ts) as the eleventh session ran them: each pattern a
// search of its own, the long line one of them. Now one search and a loop (needsYaml): the oracle
// of test/unit/yaml-guards-oracle.test.ts.
import { NEEDS_YAML } from '../../scripts/lib/corpus/yaml-fast-path.ts';

const GUARDS_BEFORE = [...NEEDS_YAML, /^[^\n]{1000}/m];

export const needsYamlBefore = (text: string): boolean => GUARDS_BEFORE.some((pattern) => pattern.test(text));
