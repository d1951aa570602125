// The romanizations of Russian names, read backwards: which Cyrillic spellings a Latin-script
// family name may stand for, so that "Vernadsky", "Vernadskii", "Vernadskij", "Wernadski" and
// „Вернадски“ are one name to the scholar checks (scholar-checks.ts). Pure.
//
// No library reads romanizations backwards (iuliia, which the tests use, writes them forwards),
// so the published systems are declared here as data, one reading table each:
// - English: ALA-LC romanization of Russian (Library of Congress, 1997 tables; ĭ, ë, ė, the tie
//   of t͡s, i͡a, i͡u, and the soft sign ʹ), BGN/PCGN 1947 (ye, yë, y, kh, ts, shch), ICAO Doc 9303
//   and the popular English forms (Wikipedia: -sky for -ский, yo for ё);
// - ISO 9:1995 (GOST 7.79 System A: č, š, ž, ŝ, â, û, j, h, c) and the scholarly (linguistic)
//   system (šč, ja, ju, x or ch for х);
// - German (Duden: w, sch, tsch, schtsch, ch for х, z for ц, s for з or с, j);
// - French (usage courant, MVD 310: ou, ch, tch, chtch, j for ж, kh, ï, -ine);
// - Bulgarian: the Streamlined System (2009: h, sht, y for й and ь), as Bulgarian writes
//   Russian names in Latin letters.
// A system reads a name only with its own table (German z is ц, English z is з), so spellings of
// different systems agree only where both stand for one Cyrillic name.

/** Latin sequence -> the Cyrillic it stands for; a key ending in "$" only at the end of a word. */
type ReadingTable = Readonly<Record<string, readonly string[]>>;

const CORE: ReadingTable = {
  a: ['а'],
  b: ['б'],
  d: ['д'],
  e: ['е'],
  f: ['ф'],
  g: ['г'],
  i: ['и'],
  k: ['к'],
  l: ['л'],
  m: ['м'],
  n: ['н'],
  o: ['о'],
  p: ['п'],
  r: ['р'],
  t: ['т'],
  u: ['у'],
};

export const RUSSIAN_ROMANIZATIONS: Readonly<Record<string, ReadingTable>> = {
  english: {
    ...CORE,
    v: ['в'],
    z: ['з'],
    s: ['с'],
    y: ['ы'],
    x: ['кс'],
    zh: ['ж'],
    kh: ['х'],
    ts: ['ц'],
    ch: ['ч'],
    sh: ['ш'],
    shch: ['щ'],
    ia: ['я'],
    iu: ['ю'],
    ie: ['ье'],
    ya: ['я'],
    yu: ['ю'],
    yo: ['ё'],
    ye: ['ье'],
  },
  iso9Scholarly: {
    ...CORE,
    v: ['в'],
    z: ['з'],
    s: ['с'],
    y: ['ы'],
    c: ['ц'],
    h: ['х'],
    x: ['х'],
    ch: ['х'],
    j: ['й'],
    jo: ['ё'],
    je: ['ье'],
  },
  german: {
    ...CORE,
    w: ['в'],
    s: ['с', 'з'],
    ss: ['с'],
    z: ['ц'],
    y: ['ы'],
    x: ['кс'],
    j: ['й'],
    jo: ['ё'],
    je: ['ье'],
    ch: ['х'],
    sch: ['ш', 'ж'],
    tsch: ['ч'],
    schtsch: ['щ'],
  },
  french: {
    ...CORE,
    v: ['в'],
    z: ['з'],
    s: ['с'],
    ss: ['с'],
    y: ['ы', 'й'],
    x: ['кс'],
    j: ['ж'],
    ou: ['у'],
    gu: ['г'],
    kh: ['х'],
    ts: ['ц'],
    ch: ['ш'],
    tch: ['ч'],
    chtch: ['щ'],
    ia: ['я'],
    iou: ['ю'],
    io: ['ё'],
    ie: ['ье'],
    e$: [''],
  },
  bulgarian: {
    ...CORE,
    v: ['в'],
    z: ['з'],
    s: ['с'],
    y: ['й'],
    yo: ['ьо', 'йо'],
    h: ['х'],
    zh: ['ж'],
    ts: ['ц'],
    ch: ['ч'],
    sh: ['ш'],
    sht: ['щ'],
    ya: ['я'],
    yu: ['ю'],
  },
};

/** Letters with a mark that names one Cyrillic letter in ISO 9 or ALA-LC (the other marks are dropped). */
const MARKED_LETTERS: Readonly<Record<string, string>> = {
  č: 'ч',
  š: 'ш',
  ž: 'ж',
  ŝ: 'щ',
  â: 'я',
  û: 'ю',
  ë: 'ё',
  è: 'э',
  ė: 'э',
  ʹ: 'ь',
  "'": 'ь',
  '’': 'ь',
  ʺ: 'ъ',
};
const MARKED = new RegExp(`[${Object.keys(MARKED_LETTERS).join('')}]`, 'gu');

/**
 * A Cyrillic spelling with the differences no romanization keeps folded away: ё and э as е, ы and
 * й as и, no soft or hard sign, я and ю as иа and иу, и doubled once (-ий), the glide of е after
 * a vowel or at the start (Достоевский, Dostoyevsky), and the endings Bulgarian writes shorter:
 * -ий as -и (Вернадски), -ая as -а (Жуковска), ьо as ё (Соловьов).
 */
export function reducedCyrillic(cyrillic: string): string {
  return cyrillic
    .toLowerCase()
    .replace(/ьо/g, 'ё')
    .replace(/шч/g, 'щ')
    .replace(/[ёэ]/g, 'е')
    .replace(/[ыйѝ]/g, 'и')
    .replace(/[ьъ]/g, '')
    .replace(/я/g, 'иа')
    .replace(/ю/g, 'иу')
    .replace(/и+/g, 'и')
    .replace(/(?<=^|[аеоу])и(?=е)/g, '')
    .replace(/аиа$/, 'а');
}

// A name has a few ambiguous letters (ts: ц or тс, German s: с or з); the bound only keeps a
// long run of them from multiplying without end.
const MAX_READINGS = 1024;

interface Reading {
  sequence: string;
  atEnd: boolean;
  cyrillic: readonly string[];
}

const SYSTEMS: Reading[][] = Object.values(RUSSIAN_ROMANIZATIONS).map((table) =>
  Object.entries(table).map(([key, cyrillic]) => ({
    sequence: key.replace(/\$$/, ''),
    atEnd: key.endsWith('$'),
    cyrillic,
  })),
);

/** Every way one system reads a (prepared) Latin word, as Cyrillic; none if it has a letter the system lacks. */
function readWith(system: Reading[], word: string): string[] {
  // Readings of each suffix, from the end: at most MAX_READINGS each.
  const from: string[][] = Array.from({ length: word.length + 1 }, () => []);
  from[word.length] = [''];
  for (let at = word.length - 1; at >= 0; at--) {
    const char = word.charAt(at);
    const found: string[] = [];
    if (/[\p{Script=Cyrillic}-]/u.test(char)) for (const rest of from[at + 1] ?? []) found.push(char + rest);
    for (const { sequence, atEnd, cyrillic } of system) {
      if (!word.startsWith(sequence, at) || (atEnd && at + sequence.length !== word.length)) continue;
      for (const letters of cyrillic) for (const rest of from[at + sequence.length] ?? []) found.push(letters + rest);
    }
    from[at] = [...new Set(found)].slice(0, MAX_READINGS);
  }
  return from[0] ?? [];
}

/** The word in lower case with ISO 9 and ALA-LC's marked letters as Cyrillic and other marks dropped. */
function prepared(name: string): string {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/·/g, '') // BGN/PCGN's separator: t·s is тс, not ц
    .replace(MARKED, (char) => MARKED_LETTERS[char] ?? char)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');
}

const MEMO_LIMIT = 100_000;
const readings = new Map<string, ReadonlySet<string>>();

/** The reduced Cyrillic spellings a family name (Latin in any system above, or Cyrillic) may stand for. */
export function cyrillicReadings(name: string): ReadonlySet<string> {
  let found = readings.get(name);
  if (found === undefined) {
    const word = prepared(name);
    found = new Set(
      SYSTEMS.flatMap((system) => readWith(system, word))
        .map(reducedCyrillic)
        .filter((reading) => reading !== ''),
    );
    if (readings.size >= MEMO_LIMIT) readings.clear();
    readings.set(name, found);
  }
  return found;
}

// A Russian (or Bulgarian) family name, as its Latin spelling shows: written in Cyrillic or with a
// mark only a romanization uses (č, ĭ, â, a final soft sign: Gogol'), or ending as Russian family
// names end in one of the systems: -ский/-цкий/-ская (-sky, -skii, -skij, -ski, -skaya, -skaja,
// -tzki; French -xki for -кский), -ой (-oy, -oi, -oj), -ов/-ев and -ова/-ева (-ov, -ow, -off, -ev,
// -ew, -eff), -ых/-их (-ykh, -ikh, -yh, -yx), -ич (-ich, -itch, -itsch); -ин (-in, -ine, -ina) only with a
// sound written as only a romanization writes it (zh, kh, sh, sch, tch, j or y before a vowel,
// French -ine with ch or ou: Shchedrin, Puschkin, Pouchkine; not Austin, Levin, Reuchlin, Epstein).
// Only such names are compared by their readings, so that English and German names that two
// systems would read alike (Smith and Smyth, Levin and Lewin) stay apart.
const ROMANIZATION_MARK = /[\p{Script=Cyrillic}čšžŝĭâûëʹʺ]|[lntdrz]['’]$/u;
const RUSSIAN_ENDING =
  /(?:[sczx]k(?:ij?|iy|ii|yi|yj|y|oy|oi|oj|aya|aja|aia|a)|[oe](?:v|w|ff)a?|o[yij]|[iy](?:kh|h|x)|i(?:ts?)?ch)$/;
const RUSSIAN_IN_ENDING = /(?:[iy]na?|ine)$/;
const ROMANIZED_SOUND = /zh|kh|sh|sch|tch|[yj][aeou]|['’ʹ]|(?:ch|ou).*ine$/;
const MIN_FAMILY_LETTERS = 5;

/** Whether `family` is spelled as a Russian family name is spelled in one of the systems above. */
export function isRussianFamily(family: string): boolean {
  const lower = family.normalize('NFC').toLowerCase();
  if (ROMANIZATION_MARK.test(lower)) return true;
  const latin = lower.normalize('NFD').replace(/\p{M}+/gu, '');
  // x is two letters (French кс: Axakov).
  if (latin.replace(/[^a-z]/g, '').replace(/x/g, 'ks').length < MIN_FAMILY_LETTERS) return false;
  return RUSSIAN_ENDING.test(latin) || (RUSSIAN_IN_ENDING.test(latin) && ROMANIZED_SOUND.test(latin));
}

/** The readings of `family` when it is a Russian family name (isRussianFamily); undefined otherwise. */
export function russianFamilyReadings(family: string): ReadonlySet<string> | undefined {
  return isRussianFamily(family) ? cyrillicReadings(family) : undefined;
}

/** Whether `word` spells the Russian family name `family` in one of the systems above (or in Cyrillic). */
export function spellsRussianFamily(word: string, family: string): boolean {
  const familyReadings = russianFamilyReadings(family);
  if (familyReadings === undefined) return false;
  for (const reading of cyrillicReadings(word)) if (familyReadings.has(reading)) return true;
  return false;
}

/** Whether one of `words` (asked for only when `family` is a Russian family name) spells `family`. */
export function someWordSpells(words: () => readonly string[], family: string): boolean {
  return russianFamilyReadings(family) !== undefined && words().some((word) => spellsRussianFamily(word, family));
}

/**
 * The capitalised words of a Latin-script text that may spell a Russian name ("Solov'ev's",
 * "Žukovskij"): apostrophes kept as soft signs, a possessive 's dropped; each once.
 */
export function romanizedNameWords(text: string): string[] {
  const words = text.match(/(?<![\p{L}\p{M}])\p{Lu}[\p{L}\p{M}]*(?:(?:['’ʹ]|·+)[\p{L}\p{M}]+)*['’ʹ]?/gu) ?? [];
  return [...new Set(words.map((word) => word.replace(/['’]s$/, '')))];
}
