import { describe, expect, it } from 'vitest';
import { compileStyleVariants, findStyleVariants } from '../../scripts/lib/corpus/style-variants.ts';

const matchers = compileStyleVariants({
  en: [
    { prefer: 'BCE', avoid: ['BC'] },
    { prefer: 'around', avoid: ['c.'] },
    { prefer: 'bar Konai', avoid: ['bar Koni'] },
  ],
  bg: [
    { prefer: 'Иисус', avoid: ['Исус'] },
    { prefer: 'например', avoid: ['напр.'] },
  ],
});

describe('style variants', () => {
  it.each([
    ['born in 40 BC in Rome', ['BC']],
    ['around 40 BCE', []],
    ['written (c. 1300)', ['c.']],
    ['the abc. end', []],
    ['Theodore bar Koni wrote', ['bar Koni']],
    ['Theodore bar Konai wrote', []],
  ])('en: %s', (text, found) => {
    expect(findStyleVariants(text, matchers.en).map((f) => f.found)).toEqual(found);
  });

  it.each([
    ['Исус Христос', ['Исус']],
    ['Иисус Христос', []],
    ['напр. така', ['напр.']],
    ['Сънародник.', []],
  ])('bg, whole words in Cyrillic too: %s', (text, found) => {
    expect(findStyleVariants(text, matchers.bg).map((f) => f.found)).toEqual(found);
  });
});
