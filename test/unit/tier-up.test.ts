// A build asks V8 for a larger interrupt budget (fewer short-lived functions optimised); a process
// whose caller chose a budget keeps the caller's.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const flags = vi.hoisted(() => ({ set: [] as string[] }));
vi.mock('node:v8', async (original) => ({
  ...(await original<typeof import('node:v8')>()),
  setFlagsFromString: (flag: string) => flags.set.push(flag),
}));

const { BUILD_INTERRUPT_BUDGET, tierUpSetByCaller, useBuildTierUp } = await import('../../scripts/lib/cli/tier-up.ts');

describe("a build's tier-up budget", () => {
  beforeEach(() => {
    flags.set = [];
  });

  it('is asked for when the caller set none', () => {
    useBuildTierUp([], undefined);
    useBuildTierUp(['--max-old-space-size=4096'], '--trace-gc');
    expect(flags.set).toEqual([
      `--interrupt-budget=${BUILD_INTERRUPT_BUDGET}`,
      `--interrupt-budget=${BUILD_INTERRUPT_BUDGET}`,
    ]);
  });

  it("keeps the caller's budget, on the command line or in NODE_OPTIONS, in either spelling", () => {
    useBuildTierUp(['--interrupt-budget=1000'], undefined);
    useBuildTierUp([], '--trace-gc --interrupt_budget=1000');
    expect(flags.set).toEqual([]);
    expect(tierUpSetByCaller(['--interrupt-budget', '1000'], '')).toBe(true);
    expect(tierUpSetByCaller(['--interrupt-budget-for-feedback-allocation=940'], '')).toBe(false);
  });

  it('is a budget V8 takes: a positive whole number', () => {
    expect(Number.isSafeInteger(BUILD_INTERRUPT_BUDGET) && BUILD_INTERRUPT_BUDGET > 0).toBe(true);
  });
});
