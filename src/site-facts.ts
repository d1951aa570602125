// The facts of a whole build that answers need besides the list indexes: the documentation
// URL (problem types), the attribution every body ends with, the data version. The build
// writes them once (SITE_FACTS_PATH); every runtime reads them from there, not from one
// locale's index, and the function for OPTIONS and 405 reads nothing else.
import { DATA_VERSION_PATTERN } from './contract/facts.ts';

export interface SiteFacts {
  /** The documentation page's URL: problem `type`s are it plus a fragment. */
  docsUrl: string;
  /** The attribution object every body ends with, as JSON. */
  attributionJson: string;
  dataVersion: string;
}

export function encodeSiteFacts(facts: { docsUrl: string; attribution: unknown; dataVersion: string }): string {
  return `${JSON.stringify({ docsUrl: facts.docsUrl, dataVersion: facts.dataVersion, attribution: facts.attribution })}\n`;
}

/** The facts of a site.json the build wrote; an error that names the file otherwise. */
export function decodeSiteFacts(text: string, file: string): SiteFacts {
  const value: unknown = JSON.parse(text);
  if (
    typeof value === 'object' &&
    value !== null &&
    'docsUrl' in value &&
    typeof value.docsUrl === 'string' &&
    'dataVersion' in value &&
    typeof value.dataVersion === 'string' &&
    DATA_VERSION_PATTERN.test(value.dataVersion) &&
    'attribution' in value &&
    typeof value.attribution === 'object' &&
    value.attribution !== null
  ) {
    return {
      docsUrl: value.docsUrl,
      dataVersion: value.dataVersion,
      attributionJson: JSON.stringify(value.attribution),
    };
  }
  throw new Error(`${file} is not the site facts of a build; run \`npm run build\` again`);
}
