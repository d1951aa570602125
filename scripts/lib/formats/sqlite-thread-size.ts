// From what corpus size the SQLite dump gets a worker thread (sqlite-thread.ts), and so where the
// build's second core goes: below it, to the output thread (output-thread.ts); from it, to the
// SQLite thread and the file writer thread (file-writer.ts). A module of its own because the
// build's start-up asks it (output-thread.ts) long before anything writes the dump: importing it
// from sqlite-thread.ts loaded SQLite (better-sqlite3's native addon, 8-10 ms of the main
// thread's start-up) before the corpus was read (bench/README.md, "Start-up, eleventh session").

/**
 * Below this many terms (both locales) the database is written inline. Measured on the bundled
 * corpus (1,242 terms, 2026-11-26, a loaded machine): inline, 0.4 s of CPU in all (0.15 s while
 * the rows arrive, the full-text index at the end); on a thread, the main thread still spent
 * 0.05-0.25 s copying the rows to it, and the thread's start and copy added more CPU than the
 * whole inline dump. At 5,000 terms and more the dump takes seconds, which the thread moves off
 * the main thread. Measured again once the site pages had their own thread (1,260 terms, load
 * average 15-16 on 2 cores, 5 alternating pairs): on a thread here, the main thread's CPU fell
 * from about 3.75 to 2.4 s, but the process's CPU rose by 6%, its wall time by 8% and its peak
 * RSS by 30 MB (a third thread on two cores): not kept (bench/README.md).
 */
export const MIN_TERMS_FOR_THREAD = 2000;
