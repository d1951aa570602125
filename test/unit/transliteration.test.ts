import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BULGARIAN_STREAMLINED,
  bulgarianToLatin,
  GREEK_ALA_LC,
  greekToLatin,
  LATIN_TO_BULGARIAN,
  latinToBulgarian,
} from '../../scripts/lib/names/transliteration.ts';

describe('bulgarianToLatin: the Streamlined System (Transliteration Act 2009)', () => {
  // The examples of the Act's table, one per letter, and its rules for final "ия" and for the
  // name of the country.
  it.each([
    ['Атанас', 'atanas'],
    ['Борис', 'boris'],
    ['Вера', 'vera'],
    ['Габрово', 'gabrovo'],
    ['Добрич', 'dobrich'],
    ['Елена', 'elena'],
    ['Живко', 'zhivko'],
    ['Загоре', 'zagore'],
    ['Иван', 'ivan'],
    ['Йордан', 'yordan'],
    ['Карлово', 'karlovo'],
    ['Ловеч', 'lovech'],
    ['Мария', 'maria'],
    ['Невена', 'nevena'],
    ['Огняново', 'ognyanovo'],
    ['Пловдив', 'plovdiv'],
    ['Русе', 'ruse'],
    ['Самоков', 'samokov'],
    ['Търговище', 'targovishte'],
    ['Урвич', 'urvich'],
    ['Филип', 'filip'],
    ['Христо', 'hristo'],
    ['Цветан', 'tsvetan'],
    ['Чавдар', 'chavdar'],
    ['Шумен', 'shumen'],
    ['Щастливец', 'shtastlivets'],
    ['Ъглен', 'aglen'],
    ['Кьолмен', 'kyolmen'],
    ['Юлиан', 'yulian'],
    ['Ямбол', 'yambol'],
    ['София', 'sofia'],
    ['Щъркел', 'shtarkel'],
    ['България', 'bulgaria'],
    // "ия" becomes "ia" only at the end of a word.
    ['Ияков', 'iyakov'],
    ['Мария Луиза', 'maria luiza'],
    ['Caput mortuum', 'caput mortuum'],
  ])('%s -> %s', (text, latin) => {
    expect(bulgarianToLatin(text)).toBe(latin);
  });

  it('maps every letter of the Bulgarian alphabet to ASCII and leaves other text alone', () => {
    expect(Object.keys(BULGARIAN_STREAMLINED)).toHaveLength(30);
    fc.assert(
      fc.property(
        fc
          .array(fc.constantFrom(...'абвгдежзийклмнопрстуфхцчшщъьюяАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЬЮЯ '))
          .map((l) => l.join('')),
        (text) => {
          expect(bulgarianToLatin(text)).toMatch(/^[a-z ]*$/);
        },
      ),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9 .-]{0,20}$/), (text) => {
        expect(bulgarianToLatin(text)).toBe(text);
      }),
    );
  });
});

describe('greekToLatin: ALA-LC romanization', () => {
  it.each([
    ['λόγος', 'logos'],
    ['Σοφία', 'sophia'],
    ['πλήρωμα', 'plērōma'],
    ['αἰών', 'aiōn'],
    ['δημιουργός', 'dēmiourgos'],
    ['ψυχή', 'psychē'],
    ['γνῶσις', 'gnōsis'],
    ['ἀρχή', 'archē'],
    ['θεός', 'theos'],
    ['ξένος', 'xenos'],
    // Rough breathing is h, on a vowel or on the second vowel of an initial diphthong.
    ['Ὅμηρος', 'homēros'],
    ['ὕλη', 'hylē'],
    ['αἵρεσις', 'hairesis'],
    ['υἱός', 'huios'],
    ['οὗτος', 'houtos'],
    // Initial and double rho are rh.
    ['ῥήτωρ', 'rhētōr'],
    ['Πύρρος', 'pyrrhos'],
    // Gamma before a velar is n; upsilon in a diphthong is u, unless a diaeresis parts them.
    ['ἄγγελος', 'angelos'],
    ['ἄγκυρα', 'ankyra'],
    ['σφίγξ', 'sphinx'],
    ['εὐαγγέλιον', 'euangelion'],
    ['οὐρανός', 'ouranos'],
    ['προϋπόθεσις', 'proypothesis'],
    ['אין סוף', 'אין סוף'],
  ])('%s -> %s', (text, latin) => {
    expect(greekToLatin(text)).toBe(latin);
  });

  it('maps every Greek letter, with any accents and breathings, to Latin letters', () => {
    expect(Object.keys(GREEK_ALA_LC).length).toBeGreaterThanOrEqual(25);
    fc.assert(
      fc.property(
        fc
          .array(fc.constantFrom(...'αβγδεζηθικλμνξοπρστυφχψωςΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩάέήίόύώἀἁὀὁἐἑὐὑῶῆϊϋῥᾳ '))
          .map((l) => l.join('')),
        (text) => {
          expect(greekToLatin(text).normalize('NFD').replace(/\p{M}/gu, '')).toMatch(/^[a-z ]*$/);
        },
      ),
    );
  });
});

describe('latinToBulgarian: Latin names in Bulgarian Cyrillic', () => {
  // The lexicon's own pairs: an English name and (part of) its Bulgarian name.
  it.each([
    ['Sofia', 'софия'],
    ['Sophia', 'софия'],
    ['Archon', 'архон'],
    ['Chesed', 'хесед'],
    ['Chokhmah', 'хохмах'],
    ['Bythos', 'битос'],
    ['Dyad', 'диад'],
    ['Caduceus', 'кадуцеус'],
    ['Citrinitas', 'цитринитас'],
    ['Calcinatio', 'калцинатио'],
    ['Yesod', 'йесод'],
    ['Yaldabaoth', 'ялдабаот'],
    ['Maya', 'мая'],
    ['Jung', 'юнг'],
    ['Aeon', 'еон'],
    ['Quinta Essentia', 'квинта ессентия'],
    ['Schechina', 'шехина'],
    ['Abraxas', 'абраксас'],
    ['Nigredo', 'нигредо'],
    ['Shtarkel', 'щаркел'],
    ['Zhivko', 'живко'],
    ['Tsvetan', 'цветан'],
    ['Yulian', 'юлиан'],
    ['Élus', 'елус'],
    ['Σοφία', 'σοφία'],
  ])('%s -> %s', (text, cyrillic) => {
    expect(latinToBulgarian(text)).toBe(cyrillic);
  });

  it('maps every Latin letter to Cyrillic', () => {
    for (const letter of 'abcdefghijklmnopqrstuvwxyz') expect(LATIN_TO_BULGARIAN[letter]).toMatch(/^[а-я]+$/);
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z ]{0,20}$/), (text) => {
        expect(latinToBulgarian(text)).toMatch(/^[а-я ]*$/);
      }),
    );
  });
});
