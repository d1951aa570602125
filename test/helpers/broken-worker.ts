// A worker that fails as it loads (parallel-checks.test.ts, sqlite-thread.test.ts).
throw new Error('this worker fails on purpose');
