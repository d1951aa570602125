// Process start to first response, in a fresh Node process (no tsx): either the bundled
// function (esbuild, as Netlify ships it) or a constant handler, the floor.
const [mode, bundle] = process.argv.slice(2);
const handler =
  mode === 'function'
    ? (await import(bundle)).default
    : async () => new Response('{"data":[]}', { headers: { 'Content-Type': 'application/json' } });
const response = await handler(new Request('https://bench.test/api/lexicon/public'), { ip: '127.0.0.1' });
await response.arrayBuffer();
if (response.status !== 200) throw new Error(`status ${response.status}`);
// performance.now() counts from the process's time origin.
console.log(JSON.stringify({ ms: performance.now() }));
