/**
 * npm run audit:shipped — audits exactly the packages that ship: those bundled into
 * out/main, out/preload, out/renderer and out/web (from the builds' module lists), the
 * Electron runtime, and whatever electron-builder packs (tools/supply-chain/shipped-packages.ts).
 * It asks the registry's bulk advisory endpoint about their exact versions and fails on any
 * high or critical advisory, printing each. It also fails, saying so, when the builds are
 * missing, stale or development builds, or when the registry cannot be asked: a gate that
 * passes when it could not look is worse than none.
 *
 * Exit 0: audited, nothing high or critical. Exit 1: a finding, or the audit could not be
 * done. Exit 2: the inventory is sound but the registry has no advisory endpoint (404, 405
 * or 501, as a read-only mirror answers): not audited either, and said so; .ci/run, whose
 * machines reach only such a mirror, names it as a skip, the hosted workflow fails on it.
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
} from '../../tools/supply-chain/advisories';
import { REPO_ROOT } from '../../tools/repo-root';
import {
  NO_ENDPOINT_STATUSES,
  registryBase,
  registryJson,
  RegistryError,
} from '../../tools/supply-chain/registry';

/** The registry answered that it has no advisory endpoint: not audited, not a finding. */
const EXIT_NO_ADVISORY_ENDPOINT = 2;
import { shippedInventory } from '../../tools/supply-chain/shipped-packages';
import { exitOnHelp } from '../../tools/cli/help';

exitOnHelp(`Usage: npm run audit:shipped [-- --list] [-- --registry URL] [-- --out DIR]

Audits exactly the packages that ship (after npm run build:e2e) against the registry's
advisories; fails on any high or critical one, or when it could not look.
Exit 0: nothing high or critical; 1: a finding, or no audit; 2: the registry has no
advisory endpoint.

  --list           print what ships, ask nothing
  --registry URL   the registry to ask (default: npm's configured one)
  --out DIR        write the inventory and the findings there`);

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
  let answer: unknown;
  try {
    answer = await registryJson(url, { method: 'POST', body: bulkRequestBody(inventory.packages) });
  } catch (error) {
    if (!(error instanceof RegistryError && NO_ENDPOINT_STATUSES.includes(error.status ?? 0))) {
      throw error;
    }
    console.error(
      `audit:shipped: NOT AUDITED, ${url.origin} has no bulk advisory endpoint (${error.message}). ` +
        'Run it where the registry offers one (the hosted workflow does).',
    );
    return EXIT_NO_ADVISORY_ENDPOINT;
  }
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
