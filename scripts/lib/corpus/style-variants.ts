// The machine-checkable part of corpus/STYLE.md (corpus/style.yaml): spellings to avoid, per
// locale, each with the preferred form. Pure: the caller reads the file.
import { z } from 'zod';
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';

const VariantSchema = z.strictObject({ prefer: z.string().min(1), avoid: z.array(z.string().min(1)).min(1) });
export const StyleVariantsSchema = z.strictObject({
  en: z.array(VariantSchema),
  bg: z.array(VariantSchema),
  /** Scholars ("Family, Given") a body must not name without citing, beyond those the corpus cites. */
  scholars: z.array(z.string().regex(/^[^,]+, \S.*$/, { error: 'must be "Family, Given"' })).optional(),
});
export type StyleVariants = z.infer<typeof StyleVariantsSchema>;

export interface StyleFinding {
  found: string;
  prefer: string;
}

interface Matcher {
  pattern: RegExp;
  found: string;
  prefer: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whole-word, case-sensitive matchers; "word" boundaries are letters and digits of any script. */
export function compileStyleVariants(variants: StyleVariants): Record<Locale, Matcher[]> {
  return Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      variants[locale].flatMap(({ prefer, avoid }) =>
        avoid.map((found) => ({
          found,
          prefer,
          // A trailing full stop is part of abbreviations like "c." and "напр.": no boundary after it.
          pattern: new RegExp(
            `(?<![\\p{L}\\p{N}])${escapeRegExp(found)}${/\.$/.test(found) ? '' : '(?![\\p{L}\\p{N}])'}`,
            'u',
          ),
        })),
      ),
    ]),
  ) as Record<Locale, Matcher[]>;
}

export function findStyleVariants(text: string, matchers: Matcher[]): StyleFinding[] {
  return matchers.filter((m) => m.pattern.test(text)).map(({ found, prefer }) => ({ found, prefer }));
}
