// What the rest of the build needs to know of the SKOS dump's two files, apart from the code that
// writes them (concept-rdf.ts): the dumps' manifest (dumps.ts) names and records them on the main
// thread, which at most sizes never writes them (the output thread does), so it need not load n3.

/** The SKOS dump's file extensions (dump-names.ts DUMP_EXTENSIONS). */
export const SKOS_EXTENSIONS = { 'skos-turtle': 'skos.ttl', 'skos-jsonld': 'skos.jsonld' } as const;

export type SkosFormat = keyof typeof SKOS_EXTENSIONS;

/** What the manifest records of each SKOS file, besides what its name and format say. */
export type SkosDumpFiles = Record<SkosFormat, { name: string; bytes: number; sha256: string }>;
