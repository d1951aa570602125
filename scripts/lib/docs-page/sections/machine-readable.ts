// Every machine-readable description the build publishes: the list is derived from the same
// tables the build writes the schemas and the vocabularies from, so none can be missing.
import { OPENAPI_PATH, SCHEMAS_PATH } from '../../../../src/contract/facts.ts';
import { MANIFEST_URL_PATH } from '../../../../src/contract/output-layout.ts';
import { VOCABULARIES, VOCABULARY_NAMES } from '../../../../src/contract/vocabularies.ts';
import { SCHEMA_FILES, vocabularySchemaFile } from '../../formats/openapi.ts';
import { html, type Html } from '../html.ts';
import { both, pair, paragraphs } from '../i18n.ts';
import type { DocsPageInput } from '../input.ts';
import { MESSAGES } from '../messages.ts';

export function renderMachineReadable(input: DocsPageInput): Html {
  const { en, bg } = MESSAGES;
  const vocabularyFiles = VOCABULARY_NAMES.map((name): [string, string, string] => {
    const { path, plural } = VOCABULARIES[name];
    return [path, en.machine.vocabulary(plural), bg.machine.vocabulary(plural)];
  });
  const schemaText = (name: string, language: 'en' | 'bg') => {
    const vocabulary = VOCABULARY_NAMES.find((v) => vocabularySchemaFile(v) === name);
    if (vocabulary) return MESSAGES[language].machine.vocabularySchema(VOCABULARIES[vocabulary].plural);
    return MESSAGES[language].machine.schemas[name as keyof typeof en.machine.schemas];
  };
  const items: [string, string, string][] = [
    [OPENAPI_PATH, en.machine.openapi(input.openapiVersion), bg.machine.openapi(input.openapiVersion)],
    ...vocabularyFiles,
    ...Object.keys(SCHEMA_FILES).map((name): [string, string, string] => [
      `${SCHEMAS_PATH}/${name}`,
      schemaText(name, 'en'),
      schemaText(name, 'bg'),
    ]),
    [MANIFEST_URL_PATH, en.machine.manifest, bg.machine.manifest],
  ];
  return html`<section id="machine-readable">
<h2>${both((m) => m.sections['machine-readable'])}</h2>
${paragraphs((m) => m.machineText)}
<ul class="links">
${items.map(([href, enText, bgText]) => html`<li><a href="${href}"><code>${href}</code></a> — ${pair(enText, bgText)}</li>`)}
</ul>
</section>`;
}
