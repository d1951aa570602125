// Stable dump URLs: a dump's name carries its data version and the manifest promises its bytes
// never change, so a new build keeps publishing the previous versions' files, byte for byte,
// for a while: the last KEEP_SUPERSEDED versions, and any superseded less than KEEP_DAYS ago.
// They come from the output in place (a self-hosted rebuild) or from the build cache (Netlify
// starts every build with an empty publish folder but keeps node_modules/.cache), and every file
// is checked against the SHA-256 its manifest recorded before it is published again.
import { MANIFEST_FILE } from '../../../src/contract/output-layout.ts';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type DumpVersion, ManifestSchema } from '../../../src/contract/dump-schemas.ts';

export const KEEP_SUPERSEDED = 3;
export const KEEP_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What earlier builds left: their versions, and a way to read a file of theirs by name. */
export interface PreviousDumps {
  versions: DumpVersion[];
  read(name: string): Uint8Array | undefined;
}

export const NO_PREVIOUS_DUMPS: PreviousDumps = { versions: [], read: () => undefined };

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
    read(name) {
      if (name.includes('/') || name.includes('\\')) return undefined;
      for (const dir of dirs) {
        try {
          return new Uint8Array(readFileSync(path.join(dir, name)));
        } catch {}
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

/** A version's files read back exactly as its manifest recorded them, or undefined if any is missing or differs. */
export function verifiedFiles(version: DumpVersion, previous: PreviousDumps): Map<string, Uint8Array> | undefined {
  const files = new Map<string, Uint8Array>();
  for (const file of version.files) {
    const bytes = previous.read(file.name);
    if (!bytes || bytes.byteLength !== file.bytes) return undefined;
    if (createHash('sha256').update(bytes).digest('hex') !== file.sha256) return undefined;
    files.set(file.name, bytes);
  }
  return files;
}

/**
 * Copies the published dumps (every kept version) from the output into the cache folder, with
 * the manifest, and removes what no kept version names: the next build finds them there.
 */
export function archiveDumps(outputDumpsDir: string, cacheDumpsDir: string): void {
  const manifestText = readFileSync(path.join(outputDumpsDir, MANIFEST_FILE), 'utf8');
  const versions = versionsOf(manifestText);
  const names = new Set(versions.flatMap((v) => v.files.map((f) => f.name)));
  mkdirSync(cacheDumpsDir, { recursive: true });
  const cached = new Set(readdirSync(cacheDumpsDir));
  for (const name of names)
    if (!cached.has(name)) copyFileSync(path.join(outputDumpsDir, name), path.join(cacheDumpsDir, name));
  for (const name of cached)
    if (name !== MANIFEST_FILE && !names.has(name)) rmSync(path.join(cacheDumpsDir, name), { force: true });
  writeFileSync(path.join(cacheDumpsDir, MANIFEST_FILE), manifestText);
}
