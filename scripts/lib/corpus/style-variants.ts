// The machine-checkable part of corpus/STYLE.md (corpus/style.yaml): spellings to avoid, per
// locale, each with the preferred form, and the whole phrases in which an avoided form is right
// (`except`). Pure: the caller reads the file.
import * as z from 'zod';
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';
import type { CorpusProblem } from './corpus-model.ts';
import { parseYaml } from './yaml-source.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `phrase` as a whole word, case-sensitive: no letter or digit of any script touches it. A
 * trailing full stop is part of abbreviations like "c." and "напр.": no boundary after it.
 */
const wholeWord = (phrase: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}${/\.$/.test(phrase) ? '' : '(?![\\p{L}\\p{N}])'}`, 'gu');

const quoted = (forms: readonly string[]) => forms.map((form) => `"${form}"`).join(', ');

/** Why one `except` phrase cannot work, or undefined when it can. */
function exceptionProblem(phrase: string, avoid: readonly string[]): string | undefined {
  if (avoid.includes(phrase))
    return `"${phrase}" is an avoided form itself and would switch the rule off: write the whole phrase in which it is right, such as a full name`;
  // An exception that holds no avoided form can never apply: most likely a typo in it.
  if (!avoid.some((form) => wholeWord(form).test(phrase)))
    return `"${phrase}" contains none of the avoided forms (${quoted(avoid)}) as a whole word, so it excepts nothing: write the whole phrase in which one of them is right, such as a full name`;
  return undefined;
}

const VariantSchema = z
  .strictObject({
    prefer: z.string().min(1),
    avoid: z.array(z.string().min(1)).min(1),
    /** Whole phrases in which an avoided form is right ("Niketas Siniossoglou", a scholar, is not Nicetas the Bogomil). */
    except: z
      .array(z.string().min(1), { error: 'must be a list of whole phrases, such as ["Niketas Siniossoglou"]' })
      .min(1, { error: 'an empty list excepts nothing: leave `except` out or list whole phrases' })
      .optional(),
  })
  .superRefine(({ avoid, except = [] }, ctx) => {
    except.forEach((phrase, i) => {
      const message = except.indexOf(phrase) < i ? `"${phrase}" is listed twice` : exceptionProblem(phrase, avoid);
      if (message) ctx.addIssue({ code: 'custom', path: ['except', i], message });
    });
  });

export const StyleVariantsSchema = z.strictObject({
  en: z.array(VariantSchema),
  bg: z.array(VariantSchema),
  /** Scholars ("Family, Given") a body must not name without citing, beyond those the corpus cites. */
  scholars: z.array(z.string().regex(/^[^,]+, \S.*$/, { error: 'must be "Family, Given"' })).optional(),
});
export type StyleVariants = z.infer<typeof StyleVariantsSchema>;

export type StyleVariantsResult = { ok: true; variants: StyleVariants } | { ok: false; problems: CorpusProblem[] };

/** The text of style.yaml, validated; every problem with its line and field. */
export function parseStyleVariants(text: string, file: string): StyleVariantsResult {
  const yaml = parseYaml(text);
  if (yaml.errors.length > 0)
    return { ok: false, problems: yaml.errors.map(({ line, message }) => ({ file, line, message })) };
  const parsed = StyleVariantsSchema.safeParse(yaml.value);
  if (parsed.success) return { ok: true, variants: parsed.data };
  const problems = parsed.error.issues.map(({ path, message }) => ({
    file,
    line: yaml.lineOf(path),
    ...(path.length > 0 ? { field: path.map(String).join('.') } : {}),
    message,
  }));
  return { ok: false, problems };
}

export interface StyleFinding {
  found: string;
  prefer: string;
}

interface Matcher {
  pattern: RegExp;
  /** The variant's `except` phrases: a match inside one of them is not a finding. */
  exceptions: RegExp[];
  found: string;
  prefer: string;
}

/** Whole-word, case-sensitive matchers; "word" boundaries are letters and digits of any script. */
export function compileStyleVariants(variants: StyleVariants): Record<Locale, Matcher[]> {
  return Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      variants[locale].flatMap(({ prefer, avoid, except = [] }) => {
        const exceptions = except.map(wholeWord);
        return avoid.map((found) => ({ found, prefer, pattern: wholeWord(found), exceptions }));
      }),
    ]),
  ) as Record<Locale, Matcher[]>;
}

/** Whether `text` holds the matcher's form outside every occurrence of its `except` phrases. */
function foundOutsideExceptions(text: string, { pattern, exceptions }: Matcher): boolean {
  const excepted = exceptions.flatMap((exception) =>
    [...text.matchAll(exception)].map((m) => [m.index, m.index + m[0].length] as const),
  );
  for (const match of text.matchAll(pattern)) {
    const [start, end] = [match.index, match.index + match[0].length];
    if (!excepted.some(([from, to]) => from <= start && end <= to)) return true;
  }
  return false;
}

export function findStyleVariants(text: string, matchers: Matcher[]): StyleFinding[] {
  return matchers.filter((m) => foundOutsideExceptions(text, m)).map(({ found, prefer }) => ({ found, prefer }));
}
