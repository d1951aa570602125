// What `npm ci` would warn EBADENGINE about, read from package-lock.json instead of from an install:
// every locked package whose `engines.node` does not accept every Node version that our own
// `engines.node` admits. npm checks each package against the one running Node; checking against
// the whole declared range (semver.subset) covers every supported version at once, including the
// lowest, which CI runs. npm leaves out optional packages whose engines fail (it does not install
// them, and says nothing), so they are reported apart: a package that needs one would break there.
import semver from 'semver';

/** The parts of package-lock.json (lockfileVersion 3) this check reads. */
export interface LockFile {
  packages: Record<string, { version?: string; engines?: unknown; optional?: boolean }>;
}

export interface EngineMismatch {
  /** `name@version` as npm names it in the warning. */
  id: string;
  /** The package's own `engines.node`. */
  requires: string;
  optional: boolean;
}

const nodeRange = (engines: unknown): string | undefined =>
  engines !== null && typeof engines === 'object' && !Array.isArray(engines)
    ? ((engines as { node?: unknown }).node as string | undefined)
    : undefined;

/** Locked packages whose `engines.node` excludes some Node version in `supported`. */
export function engineMismatches(lock: LockFile, supported: string): EngineMismatch[] {
  if (!semver.validRange(supported)) throw new Error(`engines.node "${supported}" is not a semver range`);
  const mismatches: EngineMismatch[] = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    if (location === '') continue; // the project itself
    const requires = nodeRange(entry.engines);
    if (requires === undefined) continue;
    // npm's own check (semver.satisfies) fails on a range it cannot parse, so that is a mismatch too.
    if (semver.validRange(requires) && semver.subset(supported, requires)) continue;
    const name = location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
    mismatches.push({ id: `${name}@${entry.version}`, requires, optional: entry.optional === true });
  }
  return mismatches.sort((a, b) => a.id.localeCompare(b.id));
}

/** The lowest version `range` admits: CI installs it from the registry and runs the suite on it. */
export function lowestSupported(range: string): string {
  const lowest = semver.minVersion(range);
  if (!lowest) throw new Error(`engines.node "${range}" admits no version`);
  return lowest.version;
}
