// The production install as a self-hoster and a supervisor use it (issue 24): compiled
// JavaScript without development tools, a signal to the PID that `npm start` is stops the
// server gracefully, a port in use is one line, and a placeholder origin is called out.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os, { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generateCorpus, writeCorpus } from '../../bench/synthetic-corpus.ts';
import { MIN_TERMS_FOR_THREAD } from '../../scripts/lib/formats/sqlite-thread-size.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { fileWriterPays } from '../../scripts/lib/publish/file-writer.ts';
import { startSelfHosted, type SelfHosted } from '../helpers/self-hosted.ts';

const installDir = inject('installDir');
const dist = inject('dist');
const ROOT = path.resolve(import.meta.dirname, '../..');
const SMALL_CORPUS = path.join(ROOT, 'test/fixtures/corpus-small');
const run = promisify(execFile);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'lexicon-production-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The environment without the variables a build reads its settings from. */
function withoutBuildSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { URL: _url, RATE_LIMIT_PER_HOUR: _limit, NETLIFY: _netlify, GRANTS_FILE: _grants, ...rest } = env;
  return rest;
}

/** Every process below `pid` (its children, theirs...). */
function descendants(pid: number): number[] {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid=']).toString();
  const children = new Map<number, number[]>();
  for (const line of out.trim().split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number) as [number, number];
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const found: number[] = [];
  const visit = (p: number) => {
    for (const c of children.get(p) ?? []) {
      found.push(c);
      visit(c);
    }
  };
  visit(pid);
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The largest dump: the download a slow client is most likely to be in the middle of. */
function largestDump(): { url: string; size: number } {
  const manifest = JSON.parse(readFileSync(path.join(dist, 'dumps/manifest.json'), 'utf8')) as {
    files: { path: string; bytes: number }[];
  };
  const file = manifest.files.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  return { url: file.path, size: file.bytes };
}

interface SlowDownload {
  /** Resolves with the head and the number of body bytes, when the server ends the connection. */
  done: Promise<{ head: string; bodyBytes: number }>;
  received: () => number;
}

/** A raw HTTP/1.1 download read at a crawl (16 KB at a time, 20 ms apart). */
function slowDownload(port: number, urlPath: string): SlowDownload {
  const socket = net.connect({ port, host: '127.0.0.1' });
  let raw = Buffer.alloc(0);
  socket.write(`GET ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  socket.on('data', (chunk: Buffer) => {
    raw = Buffer.concat([raw, chunk]);
    socket.pause();
    setTimeout(() => socket.resume(), 20);
  });
  socket.setNoDelay(true);
  const done = new Promise<{ head: string; bodyBytes: number }>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => {
      const end = raw.indexOf('\r\n\r\n');
      resolve({ head: raw.subarray(0, end).toString('latin1'), bodyBytes: raw.length - end - 4 });
    });
  });
  return { done, received: () => raw.length };
}

/** An idle keep-alive connection: one request answered, then nothing; resolves when the server ends it. */
async function idleKeepAlive(port: number): Promise<Promise<'closed cleanly' | 'reset'>> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  await new Promise((resolve) => socket.once('data', resolve));
  return new Promise((resolve) => {
    socket.on('error', () => resolve('reset'));
    socket.on('end', () => resolve('closed cleanly'));
    socket.resume();
  });
}

async function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** Builds `corpusDir` with the production install's `npm run build` and with the sources: the same files, byte for byte. */
async function expectSameBytesAsSources(corpusDir: string, name: string): Promise<void> {
  const compiledOut = path.join(scratch, `compiled-build-${name}`);
  // A cache of its own: a shared one would republish an earlier test's dumps as older versions.
  const cacheDir = path.join(scratch, `compiled-cache-${name}`);
  const args = ['--corpus', corpusDir, '--out', compiledOut, '--cache-dir', cacheDir];
  await run('npm', ['run', 'build', '--silent', '--', ...args], {
    cwd: installDir,
    // The sources' build below takes the defaults: no limit or site from the environment.
    env: { ...withoutBuildSettings(process.env), SOURCE_DATE_EPOCH: '0' },
  });
  const sourcesOut = path.join(scratch, `sources-build-${name}`);
  const built = await buildSite({ corpusDir, outDir: sourcesOut, builtAt: new Date(0) });
  expect(built.ok).toBe(true);
  const tree = (dir: string) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  expect(tree(compiledOut)).toEqual(tree(sourcesOut));
  for (const file of tree(sourcesOut))
    expect(readFileSync(path.join(compiledOut, file)).equals(readFileSync(path.join(sourcesOut, file))), file).toBe(
      true,
    );
}

describe('the production install', () => {
  it('holds no development tools, and runs compiled JavaScript', async () => {
    for (const tool of ['tsx', 'typescript', 'vitest', 'netlify-cli']) {
      expect(existsSync(path.join(installDir, 'node_modules', tool)), tool).toBe(false);
    }
    expect(existsSync(path.join(installDir, 'compiled/start.js'))).toBe(true);
    const server = await startSelfHosted(['--dist', dist], {}, () => {}, { installDir });
    try {
      const commands = descendants(server.child.pid!).map((pid) =>
        readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' '),
      );
      expect(commands.some((c) => /node .*bin\/run\.mjs start/.test(c))).toBe(true);
      expect(commands.join('\n')).not.toMatch(/tsx/);
    } finally {
      await server.stop();
    }
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to the PID of `npm start` completes a slow download and ends idle connections cleanly, then leaves nothing running',
    async (signal) => {
      const server: SelfHosted = await startSelfHosted(['--dist', dist, '--shutdown-grace', '60000'], {}, () => {}, {
        installDir,
      });
      const npmPid = server.child.pid!;
      const below = descendants(npmPid);
      expect(below.length).toBeGreaterThan(0);
      const dump = largestDump();
      const idle = await idleKeepAlive(server.port);
      const download = slowDownload(server.port, dump.url);
      while (download.received() < 256 * 1024) await new Promise((resolve) => setTimeout(resolve, 20));

      const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
      process.kill(npmPid, signal);
      expect(await idle).toBe('closed cleanly');
      const { head, bodyBytes } = await download.done;
      expect(head).toMatch(/^HTTP\/1\.1 200/);
      expect(head).toContain(`Content-Length: ${dump.size}`);
      expect(bodyBytes).toBe(dump.size);
      expect(await exited).toBe(0);
      expect(await refusesConnections(server.port)).toBe(true);
      for (const pid of [npmPid, ...below]) expect(alive(pid), `process ${pid}`).toBe(false);
      expect(server.output()).toContain('every response was completed');
    },
    60_000,
  );

  it('says in one line that a port is in use, without a stack trace', async () => {
    const server = await startSelfHosted(['--dist', dist], {}, () => {}, { installDir });
    try {
      const second = await run('npm', ['start', '--silent', '--', '--dist', dist, '--port', String(server.port)], {
        cwd: installDir,
      }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(second.code).toBe(1);
      expect(second.stderr.trim().split('\n')).toEqual([
        `Cannot start: port ${server.port} on 0.0.0.0 is already in use (EADDRINUSE); stop the other server or choose --port`,
      ]);
    } finally {
      await server.stop();
    }
  });

  it('warns when the output names a placeholder origin, at build and at start, and prints the docs URL', async () => {
    const out = path.join(scratch, 'placeholder');
    const build = await run('npm', ['run', 'build', '--silent', '--', '--corpus', SMALL_CORPUS, '--out', out], {
      cwd: installDir,
      env: { ...process.env, URL: '' },
    });
    expect(build.stderr).toMatch(/Warning: the output names https:\/\/lexicon\.test, a placeholder origin/);
    const server = await startSelfHosted(['--dist', out], {}, () => {}, { installDir });
    await server.stop();
    expect(server.output()).toMatch(/Warning: .* a placeholder origin/);
    expect(server.output()).toContain(`documentation: http://127.0.0.1:${server.port}/api/lexicon/`);

    const owned = path.join(scratch, 'owned');
    const ownedBuild = await run(
      'npm',
      [
        'run',
        'build',
        '--silent',
        '--',
        '--corpus',
        SMALL_CORPUS,
        '--out',
        owned,
        '--site-url',
        'https://lexicon.gnosis.bg',
      ],
      { cwd: installDir, env: { ...process.env, URL: '' } },
    );
    expect(ownedBuild.stderr).not.toMatch(/placeholder/);
  });

  it('builds the same bytes as the sources, from bundles that load neither esbuild nor files beside the code', async () => {
    await expectSameBytesAsSources(SMALL_CORPUS, 'small');
    // One bundle per command and worker thread; no per-source files, no stylesheet beside them.
    const compiled = readdirSync(path.join(installDir, 'compiled'));
    expect(compiled).toEqual(expect.arrayContaining(['build.js', 'start.js', 'check-worker.js', 'sqlite-worker.js']));
    expect(
      compiled.filter((name) => !/^(?:[a-z-]+|chunk-[A-Z0-9]+)\.js(?:\.map)?$/.test(name) && name !== '.stamp'),
    ).toEqual([]);
    // better-sqlite3 keeps its JavaScript and its one compiled addon (prune-native.mjs).
    const sqlite = path.join(installDir, 'node_modules/better-sqlite3');
    expect(readdirSync(sqlite).sort()).toEqual(['LICENSE', 'README.md', 'build', 'lib', 'package.json']);
    expect(readdirSync(path.join(sqlite, 'build/Release'))).toEqual(['better_sqlite3.node']);
  });

  it('builds the same bytes as the sources where its worker threads write the SQLite dump and the files', async () => {
    // 1,000 terms per locale: the compiled build starts its SQLite and file writer threads (from
    // MIN_TERMS_FOR_THREAD terms in both locales), from their bundles, which no other test runs.
    // The sources write their files on this thread, so the file writer's bytes are checked here;
    // the SQLite thread against the inline dump is sqlite-thread.test.ts's.
    const terms = MIN_TERMS_FOR_THREAD / 2;
    expect(fileWriterPays(terms * 2, true) || availableParallelism() < 2).toBe(true);
    const corpus = path.join(scratch, 'threads-corpus');
    await writeCorpus(generateCorpus(terms), corpus);
    await expectSameBytesAsSources(corpus, 'threads');
  });

  describe('what npm start sends', () => {
    let server: SelfHosted;
    beforeAll(async () => {
      server = await startSelfHosted(['--dist', dist], { RATE_LIMIT_PER_HOUR: '0' }, () => {}, { installDir });
    });
    afterAll(() => server.stop());

    /** curl, a real client: the headers (without Date) and the body it hands over. */
    async function curl(urlPath: string, args: string[] = []) {
      const dumpHeaders = args.includes('-I') ? [] : ['-D', '-'];
      const { stdout } = await run('curl', ['-s', ...dumpHeaders, ...args, `${server.baseUrl}${urlPath}`], {
        encoding: 'buffer',
        maxBuffer: 64 * 1024 * 1024,
      });
      const found = stdout.indexOf('\r\n\r\n');
      const end = found < 0 ? stdout.length : found;
      const head = stdout.subarray(0, end).toString('latin1').split('\r\n');
      return {
        status: head[0]!,
        headers: head.slice(1).filter((h) => !/^date:/i.test(h)),
        body: stdout.subarray(end + 4),
      };
    }

    const paths = () => [
      '/api/lexicon/public?limit=500&locale=bg',
      '/api/lexicon/public/sophia',
      largestDump().url,
      '/api/lexicon/',
      '/api/lexicon/public/no-such-term',
    ];

    it('sends br and gzip bodies that curl decodes to the plain bytes, with weak ETags and Vary', async () => {
      for (const urlPath of paths()) {
        const plain = await curl(urlPath);
        for (const coding of ['br', 'gzip']) {
          const compressed = await curl(urlPath, ['--compressed', '-H', `Accept-Encoding: ${coding}`]);
          expect(compressed.status, urlPath).toBe(plain.status);
          expect(compressed.headers, urlPath).toContain(`Content-Encoding: ${coding}`);
          // A term URL also varies by Accept (its RDF on npm start).
          expect(
            compressed.headers.find((h) => h.startsWith('Vary: ')),
            urlPath,
          ).toMatch(/^Vary: (Accept, )?Accept-Encoding$/);
          expect(compressed.body.equals(plain.body), `${urlPath} ${coding}`).toBe(true);
          const etag = compressed.headers.find((h) => h.startsWith('ETag: '));
          if (etag) expect(etag, urlPath).toMatch(/^ETag: W\//);
          const length = Number(compressed.headers.find((h) => h.startsWith('Content-Length: '))?.slice(16));
          expect(length, urlPath).toBeLessThan(plain.body.length);
        }
        expect(
          plain.headers.some((h) => h.startsWith('Content-Encoding')),
          urlPath,
        ).toBe(false);
      }
    });

    it('answers 304 to the weak ETag of a compressed body', async () => {
      const first = await curl('/api/lexicon/public/sophia', ['-H', 'Accept-Encoding: br']);
      const etag = first.headers.find((h) => h.startsWith('ETag: '))!.slice(6);
      const again = await curl('/api/lexicon/public/sophia', [
        '-H',
        'Accept-Encoding: br',
        '-H',
        `If-None-Match: ${etag}`,
      ]);
      expect(again.status).toBe('HTTP/1.1 304 Not Modified');
      expect(again.headers).toContain(`ETag: ${etag}`);
    });

    it('answers HEAD with exactly the headers of GET, Content-Length included, and no body', async () => {
      for (const urlPath of paths()) {
        for (const extra of [[], ['-H', 'Accept-Encoding: gzip, br']]) {
          const get = await curl(urlPath, extra);
          const head = await curl(urlPath, ['-I', ...extra]);
          expect(head.headers, urlPath).toEqual(get.headers);
          expect(
            head.headers.some((h) => h.startsWith('Content-Length: ')),
            urlPath,
          ).toBe(true);
          expect(head.body.length, urlPath).toBe(0);
        }
      }
    });

    it('lets caches keep the versioned dumps forever, as the CDN does', async () => {
      const dump = await curl(largestDump().url, ['-I']);
      expect(dump.headers).toContain('Cache-Control: public, max-age=31536000, immutable');
    });
  });
});
