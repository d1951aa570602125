// Environment settings as every command line reads them: a bad value ends the command with a
// message that says what to set, never a stack trace.
import { rateLimitFromEnv } from '../../../src/limits/rate-limit.ts';

/** RATE_LIMIT_PER_HOUR (unset: the default; 0: no limit), or exit 2 with its message. */
export function rateLimitOrExit(value: string | undefined = process.env.RATE_LIMIT_PER_HOUR): number {
  try {
    return rateLimitFromEnv(value);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
}

/** An environment variable read by `read`, or exit 2 with its message. */
export function envOrExit<T>(read: (value: string | undefined) => T, name: string): T {
  try {
    return read(process.env[name]);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
}
