/**
 * npm run audit:shipped — audits exactly the packages that ship: those bundled into
 * out/main, out/preload, out/renderer and out/web (from the builds' module lists), the
 * Electron runtime, and whatever electron-builder packs (scripts/lib/shipped-packages.ts).
 * It asks the registry's bulk advisory endpoint about their exact versions and fails on any
 * high or critical advisory, printing each. It also fails, saying so, when the builds are
 * missing, stale or development builds, or when the registry cannot be asked: a gate that
 * passes when it could not look is worse than none.
 *
 *   npm run audit:shipped                   after npm run build:e2e (CI runs it after npm test)
 *   npm run audit:shipped -- --list         print what ships, ask nothing
 *   npm run audit:shipped -- --registry URL --out DIR
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  auditOutcome,
  bulkRequestBody,
  describeFinding,
  parseBulkResponse,
} from './lib/advisories';
import { REPO_ROOT } from './lib/cli-args';
import { registryBase, registryJson } from './lib/registry';
import { shippedInventory } from './lib/shipped-packages';

const BULK_ADVISORIES = '-/npm/v1/security/advisories/bulk';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      registry: { type: 'string' },
      out: { type: 'string' },
      list: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const outDir = resolve(values.out ?? resolve(REPO_ROOT, 'out'));
  const inventory = shippedInventory(REPO_ROOT, outDir);
  if (inventory.problems.length > 0) {
    for (const problem of inventory.problems) console.error(`  ✗ ${problem}`);
    console.error('audit:shipped: FAILED, cannot tell which packages ship (see above).');
    return 1;
  }
  console.log(`Shipped packages (${inventory.packages.length}):`);
  for (const pkg of inventory.packages) {
    console.log(`  ${pkg.name}@${pkg.version}  ${pkg.shippedIn.join(', ')}`);
  }
  console.log(`Bundler-generated helpers, no package: ${inventory.generated.join(', ')}`);
  if (values.list) return 0;

  const url = new URL(BULK_ADVISORIES, registryBase(values.registry, process.env));
  const answer = await registryJson(url, {
    method: 'POST',
    body: bulkRequestBody(inventory.packages),
  });
  const outcome = auditOutcome(inventory.packages, parseBulkResponse(answer));
  for (const finding of outcome.lower) console.log(`  note ${describeFinding(finding)}`);
  for (const finding of outcome.failing) console.error(`  ✗ ${describeFinding(finding)}`);
  if (outcome.failing.length > 0) {
    console.error(
      `audit:shipped: FAILED, ${outcome.failing.length} high or critical advisory(ies) in shipped packages (above). Update them.`,
    );
    return 1;
  }
  console.log(
    `audit:shipped: no high or critical advisory for the ${inventory.packages.length} shipped packages (${url.origin}).`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `audit:shipped: FAILED, the shipped packages were NOT audited, so this is not a pass: ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
    process.exit(1);
  },
);
