// How a Latin-script family name may be spelled out before Bulgarian transliterates its sound,
// so that a Cyrillic text can be checked for naming it (scholar-checks.ts). Pure.
import { isAscii } from '../../../src/list/fold.ts';

/**
 * The letters without their marks (Festugière -> Festugiere). ASCII is its own: no marks, the
 * same in every normal form (most of the names' spellings and transliterations are).
 */
export const stripMarks = (text: string) =>
  isAscii(text)
    ? text
    : text
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .normalize('NFC');

const ENGLISH_LONG: Record<string, string> = { a: 'ey', i: 'ay', o: 'o', u: 'yu', y: 'ay' };

/** The name as it sounds, lower case: umlauts spelled out, and only what follows an apostrophe. */
function soundedName(family: string): string {
  // O'Regan -> О'Рийгън: the Bulgarian capital word is the part after the apostrophe.
  return stripMarks(
    family
      .replace(/^.*['’]/, '')
      .replace(/ö/g, 'yo')
      .replace(/ü/g, 'yu')
      .replace(/ä/g, 'e'),
  )
    .toLowerCase()
    .replace(/(?<=[^aeiou])oe/g, 'yo') // Hoeller -> Хьолер
    .replace(/(?<=[^aeiou])ue/g, 'yu'); // Buehler -> Бюлер
}

/** Double letters once, ck as k, final y as и: Lossky -> Лоски. */
function simpleSpelling(name: string): string {
  return name
    .replace(/(\p{L})\1/gu, '$1')
    .replace(/ck/g, 'k')
    .replace(/y$/, 'i');
}

/** English vowels and digraphs as they sound: Howe -> Хау, Baker -> Бейкър, Davies -> Дейвис. */
function englishSpelling(name: string): string {
  return name
    .replace(/igh/g, 'ay') // Nightingale -> Найтингейл
    .replace(/ow|ou/g, 'au') // Howe -> Хау, Louth -> Лаут
    .replace(/ee$/, 'i') // Clulee -> Клули
    .replace(/ee|ea/g, 'iy') // Reeves -> Рийвс, Weeks -> Уийкс, Needham -> Нийдъм
    .replace(/oo/g, 'u') // Moore -> Мур
    .replace(/(\p{L})\1/gu, '$1')
    .replace(/ck/g, 'k')
    .replace(/c(?![eiy])/g, 'k')
    .replace(/a([^aeiouy])er$/, 'ey$1ar') // Baker -> Бейкър
    .replace(/a([^aeiouy])e(?=\p{L})/gu, 'ey$1') // Casement -> Кейсмънт, Tacey -> Тейси, Nightingale
    .replace(/([iue])r(?=[^aeiouy])/g, 'ar') // Birge -> Бърдж
    .replace(/ge$/, 'dzh')
    .replace(
      /([aiouy])([^aeiouy])i?e(s?)$/,
      (_, vowel: string, consonant: string, s: string) => `${ENGLISH_LONG[vowel]}${consonant}${s}`,
    ) // Davies -> Дейвис
    .replace(/([aeiou])e$/, '$1');
}

/** French ou, ai, au and silent endings: Foucault -> Фуко, Faivre -> Февр, Tardieu -> Тардийо. */
function frenchSpelling(name: string): string {
  return name
    .replace(/^h/, '') // Hadot -> Адо
    .replace(/ou/g, 'u')
    .replace(/ai/g, 'e') // Faivre -> Февр
    .replace(/sh/g, 's')
    .replace(/et$/, 'e') // Rouget -> Руже
    .replace(/g(?=[ei])/g, 'zh')
    .replace(/(?:ault|eau|aux|aut|ot)$/, 'o')
    .replace(/au/g, 'o') // Hausherr -> Осер
    .replace(/ieu$/, 'iyo')
    .replace(/re$/, 'r')
    .replace(/(\p{L})\1/gu, '$1')
    .replace(/e$/, '') // Detienne -> Детиен
    .replace(/c(?=[aou])/g, 'k');
}

/** The spellings of one rule each: German ch, ei and eu, Finnish j, French ill, tion, a silent l, Dutch oe. */
function singleRuleSpellings(family: string, name: string, simple: string): string[] {
  return [
    name.replace(/ch/g, 'h').replace(/ei/g, 'ay').replace(/eu/g, 'oy'), // Neumann -> Нойман
    simple.replace(/ch/g, 'h').replace(/ei/g, 'ay').replace(/eu/g, 'oy'),
    name.replace(/j/g, 'y'),
    name.replace(/ill/g, 'y'),
    name.replace(/tion/g, 'shn'),
    name.replace(/alk/g, 'ok'),
    name.replace(/ieu$/, 'yu'), // Lieu -> Лю
    stripMarks(family).toLowerCase().replace(/oe/g, 'u'), // Dutch oe: van der Poel -> ван дер Пул
  ];
}

/** The spellings of one rule each that apply after others: English j, soft g, ts, dg, quh. */
function consonantSpellings(name: string, english: string): string[] {
  return [
    english.replace(/j/g, 'dzh'), // English j: Jackson -> Джаксън, Lovejoy -> Лъвджой
    name.replace(/g(?=[eiy])/g, 'dzh'), // English soft g: Pagels -> Пейджълс
    name.replace(/ts/g, 'z'), // ц, read as z below: Izutsu -> Изуцу
    name.replace(/dg/g, 'dzh'), // Ridgeon -> Риджън
    name.replace(/quh/g, 'h').replace(/ou/g, 'u'), // Colquhoun -> Колхун
  ];
}

/**
 * How a family name may be spelled out before Bulgarian transliterates its sound: English
 * "ow" as ау (Howe -> Хау, Wittkower -> Виткауер), a silent e that lengthens the vowel (Fine ->
 * Файн, Crane -> Крейн), "tion" as шън (Sumption -> Съмпшън), a silent l (Walker -> Уокър),
 * French "ou" and silent endings (Foucault -> Фуко, Tardieu -> Тардийо), German ch and ei
 * (Trachtenberg -> Трахтенберг, Grillmeier -> Грилмайер), Finnish and Dutch j (Marjanen ->
 * Марянен), French ill (Weill -> Вей), and a few more. Each spelling once, in a fixed order.
 */
export function spellings(family: string): string[] {
  const name = soundedName(family);
  const simple = simpleSpelling(name);
  const english = englishSpelling(name);
  const spelled = [
    stripMarks(family).toLowerCase(),
    name,
    simple,
    simple.replace(/u/g, 'a'), // u as ъ: Huffman -> Хъфман, Tuckett -> Тъкет
    english,
    english.replace(/u/g, 'a'),
    frenchSpelling(name),
    ...singleRuleSpellings(family, name, simple),
    ...consonantSpellings(name, english),
  ];
  // English w as у or в: Walker -> Уокър, Weeks -> Уийкс, Lewy -> Леви.
  return [
    ...new Set(
      spelled.flatMap((spelling) => [
        spelling,
        spelling.replace(/w/g, 'u'),
        spelling.replace(/w/g, 'v').replace(/y$/, 'i'),
      ]),
    ),
  ];
}
