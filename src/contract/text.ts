// Text shared by every declaration of the contract: the two languages of every human-readable
// string, and the one rule for how much of a client's input a message may repeat.

/** A human-readable text in both languages of the API. Short Markdown: `backticks` for code. */
export interface Bilingual {
  en: string;
  bg: string;
}

/**
 * A message never repeats more of a client's input than this many characters (UTF-16 code
 * units); a longer value is cut and marked with "…". One rule for every echo: parameter values
 * and names in warnings and errors, a method in a 405, a slug in a 404.
 */
export const ECHO_MAX_CHARACTERS = 20;

/** The echo of at most `max` characters (the rule is ECHO_MAX_CHARACTERS; a test changes it). */
export function echoWithin(max: number): (raw: string) => string {
  return (raw) => (raw.length <= max ? raw : `${raw.slice(0, max)}…`);
}

/** Client input as it may appear in a message: never more of it than ECHO_MAX_CHARACTERS. */
export const echo = echoWithin(ECHO_MAX_CHARACTERS);

/** The rule of at most `max` characters, in the words the documentation uses. */
export function echoRuleText(max: number): Bilingual {
  return {
    en: `A message repeats at most ${max} characters of what the client sent; a longer value is cut and ends with "…".`,
    bg: `Съобщението повтаря най-много ${max} знака от изпратеното от клиента; по-дълга стойност се съкращава и завършва с „…“.`,
  };
}

export const ECHO_RULE: Bilingual = echoRuleText(ECHO_MAX_CHARACTERS);
