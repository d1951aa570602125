// A check worker that fails as it loads (parallel-checks.test.ts).
throw new Error('this worker fails on purpose');
