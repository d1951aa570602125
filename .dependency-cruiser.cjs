// The import rules of the layout (docs/architecture.md), checked by `npm run deps` in `npm test`:
// no cycles, and every arrow runs down: bench, test -> scripts, functions -> runtime -> src.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means two modules are one concern: move what both need into a module of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'src-is-web-standard',
      severity: 'error',
      comment: 'src/ runs on a request in any runtime: no node:* (runtime/ is the Node edge).',
      from: { path: '^src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'src-stands-alone',
      severity: 'error',
      comment: 'src/ is the bottom layer: it imports nothing of the build, the servers, the functions or the tests.',
      from: { path: '^src/' },
      to: { path: '^(scripts|runtime|functions|bin|bench|test)/' },
    },
    {
      name: 'runtime-below-scripts',
      severity: 'error',
      comment: 'runtime/ serves a built dist/; the build (scripts/) may use it, never the other way round.',
      from: { path: '^runtime/' },
      to: { path: '^(scripts|functions|bin|bench|test)/' },
    },
    {
      name: 'functions-are-thin',
      severity: 'error',
      comment: 'A Netlify function is a thin adapter over runtime/netlify.ts.',
      from: { path: '^functions/' },
      to: { path: '^(scripts|bench|test)/' },
    },
    {
      name: 'production-code-not-tests',
      severity: 'error',
      comment: 'What ships never imports tests or benchmarks.',
      from: { path: '^(src|runtime|scripts|functions|bin)/' },
      to: { path: '^(test|bench)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|compiled|dist|corpus|test/fixtures)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.mjs', '.js'],
    },
  },
};
