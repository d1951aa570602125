// The load generator: GET requests over keep-alive connections on loopback, in its own
// process (so it does not share an event loop with the server it measures), bounded both in
// time and in count. Prints { requests, seconds, bytes, failures, firstFailure }.
import http from 'node:http';

const [port, secondsArg, connectionsArg, maxArg, pathsJson] = process.argv.slice(2);
const paths = JSON.parse(pathsJson);
const connections = Number(connectionsArg);
const maxRequests = Number(maxArg);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const started = performance.now();
const end = started + Number(secondsArg) * 1000;
let issued = 0;
let requests = 0;
let bytes = 0;
let failures = 0;
let firstFailure;

const one = (urlPath) =>
  new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port: Number(port), path: urlPath, agent }, (res) => {
      if (res.statusCode !== 200) {
        failures++;
        firstFailure ??= `${urlPath}: ${res.statusCode}`;
      }
      res.on('data', (chunk) => void (bytes += chunk.length));
      res.on('end', resolve);
      res.on('error', (error) => {
        failures++;
        firstFailure ??= `${urlPath}: ${error.message}`;
        resolve();
      });
    });
    request.on('error', (error) => {
      failures++;
      firstFailure ??= `${urlPath}: ${error.message}`;
      resolve();
    });
  });

const loop = async () => {
  while (performance.now() < end && issued < maxRequests) {
    await one(paths[issued++ % paths.length]);
    requests++;
  }
};
await Promise.all(Array.from({ length: connections }, loop));
const seconds = (performance.now() - started) / 1000;
agent.destroy();
console.log(JSON.stringify({ requests, seconds, bytes, failures, firstFailure }));
