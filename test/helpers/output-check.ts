// Whether an output folder is one complete build: every file its output-hashes.json names
// (and every dump of every version its dump manifest names) is there with that content, and nothing else is.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fg from 'fast-glob';
import path from 'node:path';
import { OUTPUT_HASHES_PATH } from '../../scripts/lib/publish/write-output.ts';

/** A small synthetic output, different per label, with files in several folders. */
export function versionFiles(label: string): Map<string, string> {
  const files = new Map<string, string>();
  for (let i = 0; i < 40; i++) files.set(`api/${i % 4}/file-${i}.json`, JSON.stringify({ label, i }));
  files.set('label.txt', label);
  return files;
}

/** Problems that make `dir` other than one complete output (empty when it is one). */
export function incompleteness(dir: string): string[] {
  const hashesFile = path.join(dir, OUTPUT_HASHES_PATH);
  if (!existsSync(hashesFile)) return [`${dir}: no ${OUTPUT_HASHES_PATH}`];
  const hashes = JSON.parse(readFileSync(hashesFile, 'utf8')) as Record<string, string>;
  const problems: string[] = [];
  const present = new Set(fg.sync('**/*', { cwd: dir, dot: true, onlyFiles: true }));
  present.delete(OUTPUT_HASHES_PATH);
  for (const [file, hash] of Object.entries(hashes)) {
    if (file === OUTPUT_HASHES_PATH) continue;
    if (!present.delete(file)) problems.push(`missing ${file}`);
    else if (
      createHash('sha1')
        .update(readFileSync(path.join(dir, file)))
        .digest('base64url') !== hash
    )
      problems.push(`changed ${file}`);
  }
  const manifestFile = path.join(dir, 'dumps/manifest.json');
  if (existsSync(manifestFile)) {
    // Dumps are streamed, and earlier versions' dumps are linked in from the history, so their
    // hashes are in the manifest (every version it still publishes), not in output-hashes.json.
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      versions: { files: { name: string; sha256: string }[] }[];
    };
    for (const { name, sha256 } of manifest.versions.flatMap((version) => version.files)) {
      const file = `dumps/${name}`;
      if (!present.delete(file)) problems.push(`missing ${file}`);
      else if (
        createHash('sha256')
          .update(readFileSync(path.join(dir, file)))
          .digest('hex') !== sha256
      )
        problems.push(`changed ${file}`);
    }
  }
  for (const file of present) problems.push(`unexpected ${file}`);
  return problems;
}
