// Every download of the manifest, with its size and checksum, and commands to fetch and check.
import type { Manifest } from '../../../../src/contract/dump-schemas.ts';
import { formatUtc, humanBytes, shellQuote } from '../format.ts';
import { code, html, link, type Html } from '../html.ts';
import { both, cellLabel, pair, paragraphs } from '../i18n.ts';
import { MESSAGES } from '../messages.ts';

function fileRow(file: Manifest['files'][number]): Html {
  const size = humanBytes(file.bytes);
  const exact =
    file.bytes < 1000
      ? ''
      : html` <span class="muted">(${pair(MESSAGES.en.bytes(file.bytes), MESSAGES.bg.bytes(file.bytes))})</span>`;
  const locale = file.locale === 'all' ? html`${code('all')} <span class="muted">(en + bg)</span>` : code(file.locale);
  return html`<tr data-file="${file.name}">
<td class="file">${cellLabel((m) => m.dumpColumns.file)}${link(file.path, file.name)}</td><td>${cellLabel((m) => m.dumpColumns.format)}${code(file.format)}</td><td>${cellLabel((m) => m.dumpColumns.locale)}${locale}</td><td class="num">${cellLabel((m) => m.dumpColumns.size)}<data value="${file.bytes}">${pair(size.en, size.bg)}</data>${exact}</td><td class="hash"><span class="cell-label" aria-hidden="true">SHA-256</span><code>${file.sha256}</code></td>
</tr>`;
}

export function renderDumps(manifest: Manifest, fallbackOrigin: string): Html {
  const table =
    manifest.files.length === 0
      ? paragraphs((m) => m.noDumps)
      : html`<div class="table-wrap"><table class="dumps">
<thead><tr><th>${both((m) => m.dumpColumns.file)}</th><th>${both((m) => m.dumpColumns.format)}</th><th>${both((m) => m.dumpColumns.locale)}</th><th class="num">${both((m) => m.dumpColumns.size)}</th><th>SHA-256</th></tr></thead>
<tbody>
${manifest.files.map(fileRow)}
</tbody>
</table></div>`;

  const onSite = manifest.files.filter((file) => /^\/(?!\/)/.test(file.path));
  const commands: string[] = [];
  const first = onSite[0];
  if (first) {
    commands.push(
      `curl -sSO ${shellQuote(`{origin}${encodeURI(first.path)}`)} && echo ${shellQuote(`${first.sha256}  ${first.name}`)} | sha256sum -c -`,
    );
  }
  const sqlite = onSite.find((file) => file.format === 'sqlite');
  if (sqlite) {
    commands.push(`curl -sSO ${shellQuote(`{origin}${encodeURI(sqlite.path)}`)}`);
    commands.push(
      `sqlite3 -readonly ${shellQuote(sqlite.name)} ${shellQuote("SELECT term, definition FROM terms WHERE locale = 'bg' AND pillar = 'alchemy' ORDER BY position LIMIT 5")}`,
    );
  }
  const commandBlocks = commands.map((command, index) => {
    const id = `dump-command-${index + 1}`;
    return html`<div class="curl"><pre><code id="${id}" data-template="${command}">${command.split('{origin}').join(fallbackOrigin)}</code></pre><button type="button" data-copy-target="${id}">${both((m) => m.copy)}</button><span class="copy-status" role="status" aria-live="polite"></span></div>`;
  });
  const counts = manifest.counts;
  return html`<section id="dumps">
<h2>${both((m) => m.sections.dumps)}</h2>
${paragraphs((m) => m.dumpsText)}
<dl class="facts">
<dt>${both((m) => m.dataVersion)}</dt><dd><code class="hash">${manifest.dataVersion}</code></dd>
<dt>${both((m) => m.builtAt)}</dt><dd><time datetime="${manifest.builtAt}">${formatUtc(manifest.builtAt)}</time></dd>
<dt>${both((m) => m.contents)}</dt><dd>${both((m) => m.contentsText(counts))}</dd>
</dl>
${table}
${commands.length > 0 ? paragraphs((m) => (sqlite ? m.downloadCheckSqlite : m.downloadCheck)) : ''}
${commandBlocks}
</section>`;
}
