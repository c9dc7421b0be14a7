// @vitest-environment happy-dom
import { expect, it, vi } from 'vitest';
import { letGoOfCartStore } from '../../tests/fixtures/stores.ts';
import { $cart } from './cart.ts';

/** Errors thrown by timers while `run` waits, with `window` gone as after a test file's environment is torn down. */
async function lateErrors(run: () => Promise<void>): Promise<string[]> {
  const errors: string[] = [];
  const record = (error: unknown) => errors.push(String(error));
  process.on('uncaughtException', record);
  try {
    await run();
    vi.stubGlobal('window', undefined);
    // nanostores' unmount delay is 1 s.
    await new Promise((resolve) => setTimeout(resolve, 1300));
  } finally {
    vi.unstubAllGlobals();
    process.off('uncaughtException', record);
  }
  return errors;
}

it('a cart store left a moment ago touches window a second later, unless the test files let go of it (tests/setup/stores.ts)', async () => {
  const unsubscribe = () => $cart.listen(() => {})();
  expect(await lateErrors(async () => unsubscribe())).toEqual([expect.stringContaining('removeEventListener')]);
  expect(
    await lateErrors(async () => {
      unsubscribe();
      await letGoOfCartStore();
    }),
  ).toEqual([]);
});
