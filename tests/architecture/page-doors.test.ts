/**
 * Pages open a feature only by its public.ts, as features open each other
 * (eslint.layers.mjs), so the doors mean something: the screen a page shows is the
 * feature's to change. Linted with the project's real config, as a file in src/pages.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
/** The first lint builds the type-aware program: seconds, more on a busy machine. */
const LINT_TIMEOUT_MS = 60_000;

async function restrictedPaths(code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, {
    filePath: resolve(ROOT, 'src/pages/cart-page.tsx'),
  });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('the doors of a page', () => {
  it(
    'a page cannot reach into a feature',
    async () => {
      expect(
        await restrictedPaths(
          "import { CartScreen } from '../features/cart/cart-screen';\nexport const probe = CartScreen;\n",
        ),
      ).toEqual([expect.stringContaining('Pages compose features through their public.ts only')]);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'a page opens a feature by its public.ts',
    async () => {
      expect(
        await restrictedPaths(
          "import { CartScreen } from '../features/cart/public';\nexport const probe = CartScreen;\n",
        ),
      ).toEqual([]);
    },
    LINT_TIMEOUT_MS,
  );
});
