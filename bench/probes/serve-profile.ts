// `npm start` (startServer) under a CPU profile taken only while load runs:
//   node --import tsx bench/probes/serve-profile.ts <dist> <per-hour> <port> <warm-up s> <profile s> <out.cpuprofile> [redis-url]
// Listens at once; after the warm-up it profiles for <profile s> (node:inspector, so start-up and
// module loading stay out of it), writes the profile and stops. Drive it with wrk meanwhile;
// bench/probes/profile-summary.mjs reads the file (bench/README.md "Serving with npm start").
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { startServer } from '../../runtime/server.ts';

const [dist, perHour, port, warmUp, seconds, out, redisUrl] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  string,
  string | undefined,
];
const running = await startServer({
  dist,
  port: Number(port),
  host: '127.0.0.1',
  rateLimit: Number(perHour),
  redisUrl,
  log: () => undefined,
});
process.stderr.write(`listening on ${running.port}\n`);
const session = new Session();
session.connect();
await new Promise((resolve) => setTimeout(resolve, Number(warmUp) * 1000));
await session.post('Profiler.enable');
await session.post('Profiler.start');
const started = process.cpuUsage();
await new Promise((resolve) => setTimeout(resolve, Number(seconds) * 1000));
const { profile } = await session.post('Profiler.stop');
const used = process.cpuUsage(started);
writeFileSync(out, JSON.stringify(profile));
process.stderr.write(`profiled ${seconds} s, CPU ${((used.user + used.system) / 1000).toFixed(0)} ms\n`);
await running.close(100);
process.exit(0);
