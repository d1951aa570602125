// A build asks V8 for a larger interrupt budget (fewer short-lived functions optimised); a process
// whose caller chose a budget keeps the caller's.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const flags = vi.hoisted(() => ({ set: [] as string[] }));
vi.mock('node:v8', async (original) => ({
  ...(await original<typeof import('node:v8')>()),
  setFlagsFromString: (flag: string) => flags.set.push(flag),
}));

const { BUILD_INTERRUPT_BUDGET, tierUpApplies, tierUpSetByCaller, useBuildTierUp } = await import(
  '../../scripts/lib/cli/tier-up.ts'
);

/** Node 20's V8, the one the budget was measured on. */
const NODE_20_V8 = '11.3.244.8-node.33';

describe("a build's tier-up budget", () => {
  beforeEach(() => {
    flags.set = [];
  });

  it('is asked for when the caller set none', () => {
    useBuildTierUp([], NODE_20_V8);
    useBuildTierUp(['--max-old-space-size=4096', '--trace-gc'], NODE_20_V8);
    expect(flags.set).toEqual([
      `--interrupt-budget=${BUILD_INTERRUPT_BUDGET}`,
      `--interrupt-budget=${BUILD_INTERRUPT_BUDGET}`,
    ]);
  });

  it("keeps the budget given on node's command line, in either spelling", () => {
    useBuildTierUp(['--interrupt-budget=1000'], NODE_20_V8);
    useBuildTierUp(['--trace-gc', '--interrupt_budget=1000'], NODE_20_V8);
    expect(flags.set).toEqual([]);
    expect(tierUpSetByCaller(['--interrupt-budget', '1000'])).toBe(true);
    expect(tierUpSetByCaller(['--interrupt-budget-for-feedback-allocation=940'])).toBe(false);
  });

  it("is left to V8's defaults on a V8 it was not measured on (Node 22 and later have no such flag)", () => {
    useBuildTierUp([], '12.4.254.21-node.24');
    useBuildTierUp([], '13.6.233.10-node.22');
    expect(flags.set).toEqual([]);
    expect(tierUpApplies(NODE_20_V8)).toBe(true);
    expect(tierUpApplies(process.versions.v8)).toBe(process.versions.node.startsWith('20.'));
  });

  it('is a budget V8 takes: a positive whole number', () => {
    expect(Number.isSafeInteger(BUILD_INTERRUPT_BUDGET) && BUILD_INTERRUPT_BUDGET > 0).toBe(true);
  });
});
