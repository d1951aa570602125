// The phrases that hand a view to nobody in particular (STYLE.md §9: "name the scholar who
// holds each view"), in English and Bulgarian: a group as the subject of a verb of opinion
// ("some scholars suspect", "Modern readers have seen", „изследователите предупреждават“),
// "others"/"some" doing the same ("Others stress", „а други подчертават“), and the impersonal
// forms ("it has been argued", "is debated", „смята се“, „според някои“). A group followed by
// its members ("Historians such as Walter Burkert read…") is not matched: "such as" stands
// between the group and the verb. Pure.
import type { Locale } from '../../../src/contract/facts.ts';

/** A phrase found, and where in the text it starts. */
export interface AnonymousView {
  phrase: string;
  index: number;
}

// Words may sit between a subject and its verb without naming anyone ("have long", "now").
const EN_ADVERBS = String.raw`(?:(?:have|has|had|now|long|often|usually|generally|also|still|once|since|sometimes|rightly|widely|further|therefore|instead|largely|mostly|even|continue to|tend to|came to|come to)\s+)*`;
const EN_VERBS = `(?:see|saw|seen|sees|read|reads|argue[sd]?|hold|holds|held|suggest(?:s|ed)?|regard(?:s|ed)?|treat(?:s|ed)?|take|takes|took|taken|consider(?:s|ed)?|think|thinks|thought|believe[sd]?|doubt(?:s|ed)?|debate[sd]?|date[sd]?|stress(?:es|ed)?|emphasi[sz]e[sd]?|note[sd]?|warn(?:s|ed)?|caution(?:s|ed)?|compare[sd]?|interpret(?:s|ed)?|view(?:s|ed)?|accept(?:s|ed)?|reject(?:s|ed)?|question(?:s|ed)?|conclude[sd]?|agree[sd]?|disagree[sd]?|point(?:s|ed)? (?:out|to)|find|finds|found|describe[sd]?|connect(?:s|ed)?|link(?:s|ed)?|trace[sd]?|identif(?:y|ies|ied)|recogni[sz]e[sd]?|value[sd]?|admire[sd]?|detect(?:s|ed)?|suspect(?:s|ed)?|propose[sd]?|prefer(?:s|red)?|understand(?:s)?|understood|dispute[sd]?|explain(?:s|ed)?|assume[sd]?|look(?:s|ed)? (?:to|for|on)|observe[sd]?|insist(?:s|ed)?|den(?:y|ies|ied)|contend(?:s|ed)?|maintain(?:s|ed)?|distinguish(?:es|ed)?|draw|draws|drew|drawn|show(?:s|ed|n)?|translate[sd]?|call(?:s|ed)? it|relate[sd]?|place[sd]?|situate[sd]?|locate[sd]?|object(?:s|ed)?|attribute[sd]?)`;
const EN_GROUP_QUALIFIERS = String.raw`(?:(?:some|many|most|several|few|other|modern|recent|later|earlier|western|feminist|jungian|esoteric|occult|theosophical|psychological|contemporary|older|critical|secular|christian|jewish|muslim|catholic|protestant|lutheran|orthodox|academic|historical|literary|twentieth-century|nineteenth-century)\s+)*`;

const EN_SCHOLARS = `(?:scholars|historians|critics|commentators|researchers|interpreters|specialists|scholarship)`;
const EN_OTHER_GROUPS = `(?:readers|writers|authors|theologians|psychologists|analysts|esotericists|occultists|jungians|practitioners)`;
const END = String.raw`(?![\p{L}])`;

/**
 * English. Modern scholarship is never anonymous anywhere in a body; "writers", "authors",
 * "some" or "others" in the history sections are usually the historical actors themselves
 * ("Alchemical writers describe the whitening…"), so those count in Interpretations only.
 */
const EN_PATTERNS: ScopedPatterns = {
  body: [
    // "some scholars suspect", "Historians debate", "historians of medicine have compared"; not "Crowley's critics".
    String.raw`(?<![\p{L}])(?<!['’]s\s)${EN_GROUP_QUALIFIERS}${EN_SCHOLARS}(?:\s+of\s+(?:the\s+)?\p{L}+)?\s+${EN_ADVERBS}${EN_VERBS}${END}`,
    // "it has been argued".
    String.raw`\bit\s+has\s+been\s+(?:argued|suggested|proposed|claimed)${END}`,
    // "is debated", "remains disputed" (no "by" agent follows).
    String.raw`\b(?:is|are|remains?|has\s+been|have\s+been)\s+(?:still\s+|much\s+|hotly\s+|widely\s+|long\s+)?(?:debated|disputed|contested)(?!\s+by\b)`,
    String.raw`\b(?:a\s+matter\s+of\s+(?:debate|dispute)|the\s+subject\s+of\s+debate)${END}`,
  ],
  interpretations: [
    // "Modern readers have seen", "Esoteric writers treat".
    String.raw`(?<![\p{L}])(?<!['’]s\s)${EN_GROUP_QUALIFIERS}${EN_OTHER_GROUPS}\s+${EN_ADVERBS}${EN_VERBS}${END}`,
    // "Others stress", "while others see", "Some have compared"; not after an initial ("Glenn W. Most").
    String.raw`(?<=^|\n|[.;:!?]\s+|,\s+|\b(?:while|whereas|but|and)\s+)(?<!\b\p{L}\.\s+)(?:others|some|many|most)\s+${EN_ADVERBS}${EN_VERBS}${END}`,
    // "suggests to many", "for many,".
    String.raw`\b(?:to|for)\s+many(?=[,.;:])`,
    // "it is often said".
    String.raw`\bit\s+(?:is|was)\s+(?:often\s+|widely\s+|generally\s+|sometimes\s+|commonly\s+)?(?:argued|suggested|proposed|claimed|said|held|believed|thought|assumed)${END}`,
    // "has been read as", "is widely regarded as" (no "by" agent follows).
    String.raw`\b(?:is|are|was|were|has\s+been|have\s+been)\s+(?:widely|generally|often|commonly|sometimes|usually|frequently|traditionally|increasingly)\s+(?:held|seen|regarded|read|thought|considered|believed|taken|accepted|interpreted|understood|described|compared)(?!\s+by\b)${END}`,
  ],
};

// Bulgarian third person plural, present or past: виждат, смятат, четат, са видели, виждаха.
// Naming is not a view („съвременните историци наричат… неоплатонизъм“, „историците говорят и за…“).
const BG_VERB = String.raw`(?!(?:наричат|назовават|говорят)(?![\p{L}]))(?:са\s+)?\p{L}{2,}(?:ат|ят|ха|ли)(?![\p{L}])`;
const BG_ADVERBS = String.raw`(?:(?:често|обикновено|днес|отдавна|също|вече|все\s+още|още|понякога|по-скоро|обаче|впрочем|отново)\s+)*`;
const BG_QUALIFIERS = String.raw`(?:(?:някои|мнозина|много|повечето|други(?:те)?|съвременни(?:те)?|по-късни(?:те)?|по-нови(?:те)?|западни(?:те)?|феминистки(?:те)?|юнгиански(?:те)?|езотерични(?:те)?|окултни(?:те)?|теософски(?:те)?|християнски(?:те)?|еврейски(?:те)?|мюсюлмански(?:те)?|академични(?:те)?|лутерански(?:те)?|психологически(?:те)?)\s+)*`;

const BG_SCHOLARS = `(?:учени(?:те)?|изследовател(?:и|ите)|историци(?:те)?|критици(?:те)?|коментатори(?:те)?|специалисти(?:те)?)`;
const BG_OTHER_GROUPS = `(?:тълкуватели(?:те)?|читатели(?:те)?|автори(?:те)?|богослови(?:те)?|психолози(?:те)?|анализатори(?:те)?|езотерици(?:те)?|окултисти(?:те)?|юнгианци(?:те)?|практикуващи(?:те)?)`;

/** Bulgarian: the same kinds, in the same scopes. */
const BG_PATTERNS: ScopedPatterns = {
  body: [
    // „някои учени подозират“, „историците на ордена виждат“.
    String.raw`(?<![\p{L}])${BG_QUALIFIERS}${BG_SCHOLARS}(?:\s+на\s+\p{L}+)?\s+${BG_ADVERBS}${BG_VERB}`,
    // „спори се“, „се оспорва“, „е спорно“, „остава спорен“, „е предмет на спор“.
    String.raw`(?<![\p{L}])(?:спори|обсъжда)\s+се(?![\p{L}])`,
    String.raw`(?<![\p{L}])се\s+(?:обсъжда|оспорва)(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:е|са|остава|остават)\s+(?:все\s+още\s+|силно\s+)?(?:спор(?:ен|на|но|ни)|оспорван(?:а|о|и)?|предмет\s+на\s+(?:спор|дебат|дебати|спорове))(?![\p{L}])`,
  ],
  interpretations: [
    // „Съвременните читатели виждат“, „Езотеричните автори виждат“.
    String.raw`(?<![\p{L}])${BG_QUALIFIERS}${BG_OTHER_GROUPS}\s+${BG_ADVERBS}${BG_VERB}`,
    // „Други подчертават“, „докато някои виждат“, „мнозина смятат“.
    String.raw`(?<![\p{L}])(?:някои|други|мнозина|повечето)(?:\s+от\s+тях)?\s+${BG_ADVERBS}${BG_VERB}`,
    // „смята се“, „обикновено се приема“, „според някои“, „за мнозина“.
    String.raw`(?<![\p{L}])(?:смята|счита|приема|твърди|предполага|смятало|приемало)\s+се(?![\p{L}])`,
    // Not „да не се предполага“ (a warning against assuming).
    String.raw`(?<![\p{L}])(?<!(?:да|не)\s+)се\s+(?:смята|счита|приема|твърди|предполага)(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:според|за)\s+(?:някои|мнозина|други)(?=[,.;:]|\s+(?:учени|изследователи|историци|автори|читатели|тълкуватели))`,
  ],
};

/** Patterns that count anywhere in a body, and those that count only in Interpretations. */
interface ScopedPatterns {
  body: string[];
  interpretations: string[];
}

/**
 * V8 runs a regular expression's first search with an interpreter, compiling it to bytecode, and
 * compiles it again to machine code for the next one; these are large (their letter classes
 * closed over case), so that is about 0.1 s a process, twice what one compilation costs. A first
 * search of a long subject skips the bytecode (V8 compiles for the machine straight away from
 * 1,000 characters on), so each is searched once in 1,000 spaces, where it finds nothing.
 */
const MACHINE_CODE_SUBJECT = ' '.repeat(1000);
function compile(patterns: string[]): RegExp {
  const matcher = new RegExp(patterns.map((p) => `(?:${p})`).join('|'), 'giu');
  matcher.test(MACHINE_CODE_SUBJECT);
  matcher.lastIndex = 0;
  return matcher;
}
const PATTERNS: Record<Locale, Record<Scope, string[]>> = {
  en: { body: EN_PATTERNS.body, interpretations: [...EN_PATTERNS.body, ...EN_PATTERNS.interpretations] },
  bg: { body: BG_PATTERNS.body, interpretations: [...BG_PATTERNS.body, ...BG_PATTERNS.interpretations] },
};
/** Compiled when first asked for: a build whose findings all come from the cache never compiles them. */
const MATCHERS: Record<Locale, Partial<Record<Scope, RegExp>>> = { en: {}, bg: {} };
function matcher(locale: Locale, scope: Scope): RegExp {
  let compiled = MATCHERS[locale][scope];
  if (compiled === undefined) {
    compiled = compile(PATTERNS[locale][scope]);
    MATCHERS[locale][scope] = compiled;
  }
  return compiled;
}

/**
 * Compiles every pattern now: a check thread calls it while it would otherwise wait for the terms
 * (check-worker.ts), so the compilation is not part of the editorial step the main thread waits for.
 */
export function compileAnonymousViewPatterns(): void {
  for (const locale of Object.keys(PATTERNS) as Locale[]) {
    matcher(locale, 'body');
    matcher(locale, 'interpretations');
  }
}

/** Where a text stands: any section of a body, or Interpretations (where more phrases count). */
export type Scope = keyof ScopedPatterns;

// Every pattern needs one of these words (its match holds one), case folded as the patterns are:
// only the stretches of text around them are tried with the full patterns (see findAnonymousViews).
// The body's patterns need only the scholarly groups and the impersonal verbs: the common words
// ("some", "most", "read", „някои“) are Interpretations' alone, so a body's runs holding only
// those are not tried (most of a body is outside Interpretations).
const EN_BODY_TRIGGERS =
  'scholar|historian|critic|commentator|researcher|interpreter|specialist|argued|suggested|proposed|claimed|debate|dispute|contested';
const BG_BODY_TRIGGERS = 'учен|изследовател|историци|критици|коментатори|специалисти|спор|дебат|обсъжда';
const TRIGGERS: Record<Locale, Record<Scope, RegExp>> = {
  en: {
    body: new RegExp(EN_BODY_TRIGGERS, 'giu'),
    interpretations: new RegExp(
      `${EN_BODY_TRIGGERS}|reader|writer|author|theologian|psycholog|analyst|esotericist|occultist|jungian|practitioner|others|some|many|most|said|held|believed|thought|assumed|seen|regarded|read|considered|taken|accepted|interpreted|understood|described|compared`,
      'giu',
    ),
  },
  bg: {
    body: new RegExp(BG_BODY_TRIGGERS, 'giu'),
    interpretations: new RegExp(
      `${BG_BODY_TRIGGERS}|тълкуватели|читатели|автори|богослови|психолози|анализатори|езотерици|окултисти|юнгианци|практикуващи|някои|други|мнозина|повечето|смята|счита|приема|твърди|предполага`,
      'giu',
    ),
  },
};

// A group after a name is that scholar's company, matched case-sensitively (the patterns are
// not): "Anne Brenon and others see", "Jean Duvernoy and later scholars showed", „Томасен и други“.
const AFTER_A_NAME: Record<Locale, RegExp> = {
  en: /\p{Lu}\p{L}*\s+and\s+$/u,
  bg: /\p{Lu}\p{L}*\s+и\s+$/u,
};

/** The view a match at `index` of `text` is, or none when a name comes right before it. */
function viewAt(text: string, locale: Locale, phrase: string, index: number): AnonymousView[] {
  return AFTER_A_NAME[locale].test(text.slice(Math.max(0, index - 40), index))
    ? []
    : [{ phrase: phrase.replace(/\s+/g, ' '), index }];
}

/** The plain definition: the patterns tried at every position of the text (the oracle of the tests). */
export function findAnonymousViewsEverywhere(text: string, locale: Locale, scope: Scope): AnonymousView[] {
  return [...text.matchAll(matcher(locale, scope))].flatMap((match) => viewAt(text, locale, match[0], match.index));
}

/**
 * What a match is made of: letters, white space and hyphens (only its lookarounds read other
 * characters, a few beside it). So a match lies inside one run of these characters, and that run
 * holds a trigger word. A surrogate counts as one: a run taken longer than it is costs time, never a match.
 */
const RUN_CHAR = /[\p{L}\s]/uy;
function isRunChar(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 128) {
    const lower = code | 32;
    return (lower >= 97 && lower <= 122) || code === 32 || code === 45 || (code >= 9 && code <= 13);
  }
  // The Cyrillic block's letters (Ѐ-џ), a Bulgarian text's, without a regular expression per character.
  if ((code >= 0x400 && code <= 0x45f) || (code >= 0xd800 && code <= 0xdfff)) return true;
  RUN_CHAR.lastIndex = at;
  return RUN_CHAR.test(text);
}

/**
 * How far around a run the patterns look (at most the three characters before it, for "W. Most",
 * and one after): the full patterns run on the run with this much of the text on either side.
 */
const CONTEXT = 8;

/**
 * Every anonymous-view phrase in a text of the locale, in order: findAnonymousViewsEverywhere's
 * matches, found by trying the patterns only in the runs of letters and spaces that hold a
 * trigger word (most of a body holds none), each with the text around it that the patterns read.
 */
export function findAnonymousViews(text: string, locale: Locale, scope: Scope): AnonymousView[] {
  const views: AnonymousView[] = [];
  const triggers = TRIGGERS[locale][scope];
  const patterns = matcher(locale, scope);
  triggers.lastIndex = 0;
  for (let trigger = triggers.exec(text); trigger !== null; trigger = triggers.exec(text)) {
    let start = trigger.index;
    while (start > 0 && isRunChar(text, start - 1)) start--;
    let end = trigger.index + trigger[0].length;
    while (end < text.length && isRunChar(text, end)) end++;
    const from = Math.max(0, start - CONTEXT);
    const piece = text.slice(from, end + CONTEXT);
    patterns.lastIndex = start - from;
    for (let match = patterns.exec(piece); match !== null && match.index + from < end; match = patterns.exec(piece))
      views.push(...viewAt(text, locale, match[0], match.index + from));
    triggers.lastIndex = end;
  }
  return views;
}
