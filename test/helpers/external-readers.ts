// The tools the dumps' users read them with, run for real: Python's csv module (and rdflib),
// the sqlite3 shell and LibreOffice in headless mode. Each returns what the tool read, so
// the tests compare it with the API's records; a tool that is not installed is reported as
// missing, never replaced by a stand-in.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DOMParser, type Element, type Node } from '@xmldom/xmldom';

const runs = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { stdio: 'pipe' });
  return !result.error && result.status === 0;
};

/** A python3 that can import `module`: the one on PATH, else Debian's (python3-rdflib installs there). */
export function pythonWith(module: string): string | undefined {
  return ['python3', '/usr/bin/python3'].find((python) => runs(python, ['-c', `import ${module}`]));
}

export const SQLITE3 = runs('sqlite3', ['-version']) ? 'sqlite3' : undefined;
export const SOFFICE = runs('soffice', ['--version']) ? 'soffice' : undefined;

const MAX_BUFFER = 1024 * 1024 * 1024;

/** Every record of a CSV file as Python's csv module reads it, the way the README says to open it. */
export function readCsvWithPython(python: string, file: string): string[][] {
  const script = [
    'import csv, json, sys',
    "with open(sys.argv[1], encoding='utf-8-sig', newline='') as f:",
    '    json.dump(list(csv.reader(f)), sys.stdout)',
  ].join('\n');
  return JSON.parse(execFileSync(python, ['-c', script, file], { maxBuffer: MAX_BUFFER }).toString('utf8'));
}

/**
 * Every record of a CSV file as `sqlite3 :memory:` imports it with `.import --csv` (the first
 * record names the table's columns), header included.
 */
export function readCsvWithSqlite(file: string): string[][] {
  const output = execFileSync(
    'sqlite3',
    [':memory:', '-cmd', `.import --csv '${file.replaceAll("'", "''")}' dump`, '.mode json', 'SELECT * FROM dump'],
    { maxBuffer: MAX_BUFFER },
  ).toString('utf8');
  const columns = execFileSync(
    'sqlite3',
    [
      ':memory:',
      '-cmd',
      `.import --csv '${file.replaceAll("'", "''")}' dump`,
      '.mode list',
      "SELECT group_concat(name, char(10)) FROM pragma_table_info('dump')",
    ],
    { maxBuffer: MAX_BUFFER },
  )
    .toString('utf8')
    .replace(/\n$/, '')
    .split('\n');
  const rows = output.trim() === '' ? [] : (JSON.parse(output) as Record<string, string>[]);
  return [columns, ...rows.map((row) => columns.map((c) => row[c]!))];
}

/**
 * Every row of each CSV file as LibreOffice Calc opens it (comma-separated, UTF-8, the import
 * dialog's defaults otherwise), converted headless to flat ODS and read back from its XML.
 * One soffice run for all files, with a profile of its own so that parallel runs do not meet.
 */
export function readCsvWithLibreOffice(files: string[], workDir: string): string[][][] {
  const outDir = path.join(workDir, 'libreoffice-out');
  mkdirSync(outDir, { recursive: true });
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${path.join(workDir, 'libreoffice-profile')}`,
      '--headless',
      '--infilter=CSV:44,34,76,1',
      '--convert-to',
      'fods',
      '--outdir',
      outDir,
      ...files,
    ],
    { stdio: 'pipe', timeout: 300_000 },
  );
  return files.map((file) =>
    flatOdsRows(readFileSync(path.join(outDir, `${path.basename(file, '.csv')}.fods`), 'utf8')),
  );
}

const TABLE_NS = 'urn:oasis:names:tc:opendocument:xmlns:table:1.0';
const TEXT_NS = 'urn:oasis:names:tc:opendocument:xmlns:text:1.0';
const childElements = (node: Node) => Array.from(node.childNodes).filter((n): n is Element => n.nodeType === 1);

/** The first sheet's rows as text, trailing empty rows and cells dropped. */
export function flatOdsRows(xml: string): string[][] {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  const table = document.getElementsByTagNameNS(TABLE_NS, 'table')[0]!;
  const rows: string[][] = [];
  for (const row of Array.from(table.getElementsByTagNameNS(TABLE_NS, 'table-row'))) {
    const cells: string[] = [];
    for (const cell of childElements(row)) {
      if (cell.namespaceURI !== TABLE_NS || !cell.localName?.endsWith('table-cell')) continue;
      const repeat = Number(cell.getAttributeNS(TABLE_NS, 'number-columns-repeated') || 1);
      const text = childElements(cell)
        .filter((e) => e.namespaceURI === TEXT_NS && e.localName === 'p')
        .map(paragraphText)
        .join('\n');
      for (let i = 0; i < repeat; i++) cells.push(text);
    }
    while (cells.length > 0 && cells.at(-1) === '') cells.pop();
    const repeat = Number(row.getAttributeNS(TABLE_NS, 'number-rows-repeated') || 1);
    for (let i = 0; i < repeat; i++) rows.push(cells);
  }
  while (rows.length > 0 && rows.at(-1)!.length === 0) rows.pop();
  return rows;
}

/** A paragraph's text: runs of spaces (text:s), tabs and line breaks are elements in ODF. */
function paragraphText(node: Node): string {
  let text = '';
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 3) text += child.nodeValue;
    else if (child.nodeType === 1) {
      const element = child as Element;
      if (element.namespaceURI === TEXT_NS && element.localName === 's')
        text += ' '.repeat(Number(element.getAttributeNS(TEXT_NS, 'c') || 1));
      else if (element.namespaceURI === TEXT_NS && element.localName === 'tab') text += '\t';
      else if (element.namespaceURI === TEXT_NS && element.localName === 'line-break') text += '\n';
      else text += paragraphText(element);
    }
  }
  return text;
}
