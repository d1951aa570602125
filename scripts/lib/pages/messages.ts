// The site pages' own words, one catalogue per language with the same keys (the Bulgarian one
// must satisfy the English one's type, so a missing translation does not compile). Numbers,
// dates and language names come from Intl in the page's locale, never from here.
import type { Locale } from '../../../src/contract/facts.ts';
import { formatCount } from './number-format.ts';

const en = {
  languageName: 'English',
  lexicon: 'Lexicon',
  home: 'Home',
  definition: 'Definition',
  originalForm: 'Original form',
  pronunciation: 'Pronunciation',
  etymology: 'Etymology',
  pillar: 'Pillar',
  tradition: 'Tradition',
  relatedTerms: 'Related terms',
  relatedPosts: 'Posts about this term',
  termsInPost: 'Terms discussed in this post',
  published: 'Published',
  data: 'This entry as data',
  json: 'JSON (the API’s record)',
  turtle: 'The concept in SKOS, as Turtle',
  jsonld: 'The concept in SKOS, as JSON-LD',
  licenceLine: 'Text licensed under',
  credit: 'Credit when you reuse it:',
  apiDocs: 'API documentation',
  downloads: 'Downloads',
  otherLanguage: 'Български',
  otherLanguageLabel: 'This page in Bulgarian',
  indexTitle: 'All terms',
  indexIntro: (count: string) =>
    `${count}, in alphabetical order. Each entry gives the name, the original form, a definition, the etymology, a longer text and its sources.`,
  termCount: { one: 'term', other: 'terms' },
  lettersNav: 'Letters',
  search: 'Search names',
  searchButton: 'Search',
  searchHint: 'in either alphabet, in the original script or transliterated',
  allPillars: 'All pillars',
  allTraditions: 'All traditions',
  filters: 'Search and filter',
  showing: (shown: string, total: string) => `${shown} of ${total} shown`,
  searchFailed: 'The search is not available right now; the list shows every term.',
  rateLimited: 'Too many searches from your address for now; the list shows every term.',
  rootTitle: 'A bilingual lexicon of gnostic and esoteric terms',
  rootIntro: (terms: string, traditions: string) =>
    `A reference of ${terms} from the gnostic, hermetic, alchemical, kabbalistic and mystical traditions (${traditions}), each in English and Bulgarian, with its original form, a definition, the etymology and the works it rests on.`,
  rootBrowse: 'Browse the lexicon in English',
  rootApi:
    'The same data is a free public JSON API (no key, open CORS) and a set of downloads (JSON, CSV, SQLite, SKOS, TBX).',
  rootLicence: 'Licence',
  rootLicenceText: 'The texts and data are licensed under',
  traditionCount: { one: 'tradition', other: 'traditions' },
  skipToContent: 'Skip to content',
};

export type PageMessages = typeof en;

const bg: PageMessages = {
  languageName: 'Български',
  lexicon: 'Лексикон',
  home: 'Начало',
  definition: 'Определение',
  originalForm: 'Оригинална форма',
  pronunciation: 'Произношение',
  etymology: 'Етимология',
  pillar: 'Стълб',
  tradition: 'Традиция',
  relatedTerms: 'Свързани термини',
  relatedPosts: 'Публикации за този термин',
  termsInPost: 'Термини в тази публикация',
  published: 'Публикувано',
  data: 'Тази статия като данни',
  json: 'JSON (записът от API)',
  turtle: 'Понятието в SKOS, като Turtle',
  jsonld: 'Понятието в SKOS, като JSON-LD',
  licenceLine: 'Текстът е под лиценз',
  credit: 'Посочете източника при повторна употреба:',
  apiDocs: 'Документация на API',
  downloads: 'Архиви за сваляне',
  otherLanguage: 'English',
  otherLanguageLabel: 'Тази страница на английски',
  indexTitle: 'Всички термини',
  indexIntro: (count) =>
    `${count} по азбучен ред. Всяка статия дава името, оригиналната форма, определение, етимологията, по-дълъг текст и източниците му.`,
  termCount: { one: 'термин', other: 'термина' },
  lettersNav: 'Букви',
  search: 'Търсене по име',
  searchButton: 'Търси',
  searchHint: 'на кирилица или латиница, в оригиналната писменост или транслитерирано',
  allPillars: 'Всички стълбове',
  allTraditions: 'Всички традиции',
  filters: 'Търсене и филтри',
  showing: (shown, total) => `Показани: ${shown} от ${total}`,
  searchFailed: 'Търсенето не е достъпно в момента; списъкът показва всички термини.',
  rateLimited: 'Твърде много търсения от вашия адрес засега; списъкът показва всички термини.',
  rootTitle: 'Двуезичен лексикон на гностичните и езотеричните термини',
  rootIntro: (terms, traditions) =>
    `Справочник с ${terms} от гностическата, херметическата, алхимичната, кабалистичната и мистичната традиция (${traditions}), всеки на английски и български, с оригиналната форма, определение, етимология и трудовете, на които се опира.`,
  rootBrowse: 'Разгледайте лексикона на български',
  rootApi:
    'Същите данни са свободен публичен JSON API (без ключ, с отворен CORS) и архиви за сваляне (JSON, CSV, SQLite, SKOS, TBX).',
  rootLicence: 'Лиценз',
  rootLicenceText: 'Текстовете и данните са под лиценз',
  traditionCount: { one: 'традиция', other: 'традиции' },
  skipToContent: 'Към съдържанието',
};

export const PAGE_MESSAGES: Record<Locale, PageMessages> = { en, bg };

/** Language names ICU does not know (their code otherwise shows). */
const LANGUAGE_NAMES: Record<string, Record<Locale, string>> = {
  myz: { en: 'Classical Mandaic', bg: 'класически мандейски' },
};

/** The page's locale's words for numbers, dates and language names. */
export function formatters(locale: Locale) {
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const languages = new Intl.DisplayNames(locale, { type: 'language', fallback: 'none' });
  const languageOf = (tag: string) => {
    try {
      return languages.of(tag);
    } catch {
      return undefined;
    }
  };
  // A handful of languages, asked for on every page.
  const languageNames = new Map<string, string | undefined>();
  // A post's date, on the page of every term it names: formatted once (Intl is slow per call).
  const dateTexts = new Map<string, string>();
  return {
    count: (n: number, words: { one: string; other: string }) => formatCount(n, locale, words),
    date: (isoDate: string): string => {
      let text = dateTexts.get(isoDate);
      if (text === undefined) {
        text = dates.format(new Date(`${isoDate}T00:00:00Z`));
        dateTexts.set(isoDate, text);
      }
      return text;
    },
    language: (tag: string): string | undefined => {
      if (!languageNames.has(tag)) languageNames.set(tag, LANGUAGE_NAMES[tag]?.[locale] ?? languageOf(tag));
      return languageNames.get(tag);
    },
  };
}
