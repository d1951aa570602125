// Stable dump URLs: a dump's name carries its data version and the manifest promises its bytes
// never change, so a new build keeps publishing the previous versions' files, byte for byte,
// for a while: the last KEEP_SUPERSEDED versions, and any superseded less than KEEP_DAYS ago.
// They come from the output in place (a self-hosted rebuild) or from the build cache (Netlify
// starts every build with an empty publish folder but keeps node_modules/.cache), and every file
// is checked against the SHA-256 its manifest recorded before it is published again.
// Files are never read whole (a version's dumps are 4 GB at 100,000 terms): they are hashed in
// pieces, and published, and archived in the cache, as hard links where the filesystem allows.
import { MANIFEST_FILE } from '../../../src/contract/output-layout.ts';
import { createHash } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { type DumpVersion, ManifestSchema } from '../../../src/contract/dump-schemas.ts';

export const KEEP_SUPERSEDED = 3;
export const KEEP_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What earlier builds left: their versions, and where a file of theirs is, by name. */
export interface PreviousDumps {
  versions: DumpVersion[];
  /** The first folder's file of that name, if one exists. */
  find(name: string): string | undefined;
}

export const NO_PREVIOUS_DUMPS: PreviousDumps = { versions: [], find: () => undefined };

/** The versions a manifest names (one written before versions were kept names only its own). */
function versionsOf(text: string): DumpVersion[] {
  const json = JSON.parse(text);
  const parsed = ManifestSchema.safeParse(json);
  if (parsed.success) return parsed.data.versions;
  const legacy = ManifestSchema.omit({ versions: true }).safeParse(json);
  if (!legacy.success) return [];
  const { dataVersion, builtAt, files } = legacy.data;
  return [{ dataVersion, builtAt, status: 'current', files }];
}

/** Reads `manifest.json` and the files beside it in each folder (the output's dumps, the cache's); the first folder wins. */
export function loadPreviousDumps(dirs: readonly string[]): PreviousDumps {
  const byVersion = new Map<string, DumpVersion>();
  for (const dir of dirs) {
    let text: string;
    try {
      text = readFileSync(path.join(dir, MANIFEST_FILE), 'utf8');
    } catch {
      continue;
    }
    try {
      for (const version of versionsOf(text))
        if (!byVersion.has(version.dataVersion)) byVersion.set(version.dataVersion, version);
    } catch {
      // An unreadable manifest names nothing to keep.
    }
  }
  return {
    versions: [...byVersion.values()].sort((a, b) => (a.builtAt < b.builtAt ? 1 : a.builtAt > b.builtAt ? -1 : 0)),
    find(name) {
      if (name.includes('/') || name.includes('\\')) return undefined;
      for (const dir of dirs) {
        const file = path.join(dir, name);
        if (sizeAndHash(file)) return file;
      }
      return undefined;
    },
  };
}

/**
 * The earlier versions to keep publishing beside `current`, newest first, each marked
 * superseded (with when, if it was current until now). Pure.
 */
export function supersededVersions(
  previous: readonly DumpVersion[],
  current: { dataVersion: string; builtAt: string },
): DumpVersion[] {
  const now = Date.parse(current.builtAt);
  return previous
    .filter((v) => v.dataVersion !== current.dataVersion && v.builtAt <= current.builtAt)
    .map((v) => ({ ...v, status: 'superseded' as const, supersededAt: v.supersededAt ?? current.builtAt }))
    .filter((v, index) => index < KEEP_SUPERSEDED || now - Date.parse(v.supersededAt) < KEEP_DAYS * DAY_MS);
}

/**
 * Where each of a version's files is, by name, once each was read back exactly as its manifest
 * recorded it (size and SHA-256); undefined if any is missing or differs.
 */
export function verifiedFiles(version: DumpVersion, previous: PreviousDumps): Map<string, string> | undefined {
  const files = new Map<string, string>();
  for (const file of version.files) {
    const found = previous.find(file.name);
    const read = found === undefined ? undefined : sizeAndHash(found, file.bytes);
    if (!found || !read || read.bytes !== file.bytes || read.sha256 !== file.sha256) return undefined;
    files.set(file.name, found);
  }
  return files;
}

/** Links `from` at `to` (a new name for the same bytes), or copies it where links cannot be made (another filesystem). */
export function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/**
 * A regular file's size and SHA-256, read in pieces; undefined if it cannot be read. With
 * `expectedBytes`, a file of another size is not hashed (its sha256 is then empty).
 */
function sizeAndHash(file: string, expectedBytes?: number): { bytes: number; sha256: string } | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return undefined;
    if (expectedBytes === undefined) return { bytes: stats.size, sha256: '' };
    if (stats.size !== expectedBytes) return { bytes: stats.size, sha256: '' };
    const hash = createHash('sha256');
    const piece = Buffer.allocUnsafe(1024 * 1024);
    for (let read = readSync(fd, piece); read > 0; read = readSync(fd, piece)) hash.update(piece.subarray(0, read));
    return { bytes: stats.size, sha256: hash.digest('hex') };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Puts the published dumps (every kept version) from the output into the cache folder (hard
 * links where it is on the same filesystem: the build never changes a file in place), with the
 * manifest, and removes what no kept version names: the next build finds them there.
 */
export function archiveDumps(outputDumpsDir: string, cacheDumpsDir: string): void {
  const manifestText = readFileSync(path.join(outputDumpsDir, MANIFEST_FILE), 'utf8');
  const versions = versionsOf(manifestText);
  const names = new Set(versions.flatMap((v) => v.files.map((f) => f.name)));
  mkdirSync(cacheDumpsDir, { recursive: true });
  const cached = new Set(readdirSync(cacheDumpsDir));
  for (const name of names)
    if (!cached.has(name)) linkOrCopy(path.join(outputDumpsDir, name), path.join(cacheDumpsDir, name));
  for (const name of cached)
    if (name !== MANIFEST_FILE && !names.has(name)) rmSync(path.join(cacheDumpsDir, name), { force: true });
  writeFileSync(path.join(cacheDumpsDir, MANIFEST_FILE), manifestText);
}
