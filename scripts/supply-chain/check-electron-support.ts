/**
 * npm run check:electron-support — fails when the Electron major pinned in package.json, or
 * the one installed in node_modules (what the installer ships), is older than the three
 * majors Electron supports, read from the registry's published versions. The hosted
 * workflow runs it, so a kiosk build cannot quietly stay on an Electron that no longer gets
 * security fixes. Whatever it cannot read (the pin, the installed version, the registry's
 * answer) fails it too: it never passes without having looked.
 *
 *   npm run check:electron-support
 *   npm run check:electron-support -- --registry http://127.0.0.1:4873/
 */
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../../tools/repo-root';
import {
  electronSupport,
  projectElectronMajor,
  supportVerdict,
} from '../../tools/supply-chain/electron-support';
import { registryBase, registryJson } from '../../tools/supply-chain/registry';
import { exitOnHelp } from '../../tools/cli/help';

exitOnHelp(`Usage: npm run check:electron-support [-- --registry URL]

Fails when the Electron major pinned in package.json, or the one installed, is older than
the three majors Electron supports, read from the registry's published versions.

  --registry URL   the registry to ask (default: npm's configured one)`);

/** npm's abbreviated metadata: the versions without every release's readme and details. */
const ABBREVIATED = 'application/vnd.npm.install-v1+json';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { registry: { type: 'string' } }, strict: true });
  const pinned = projectElectronMajor(REPO_ROOT);

  const url = new URL('electron', registryBase(values.registry, process.env));
  const packument = (await registryJson(url, { accept: ABBREVIATED })) as {
    versions?: unknown;
  } | null;
  const versions = packument?.versions;
  if (typeof versions !== 'object' || versions === null) {
    throw new Error(`${url.href} answered without a "versions" object`);
  }
  const verdict = supportVerdict(pinned, electronSupport(Object.keys(versions)));
  if (verdict.ok) console.log(`check:electron-support: ${verdict.message}`);
  else console.error(`check:electron-support: ${verdict.message}`);
  return verdict.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `check:electron-support: FAILED, could not tell whether Electron is supported: ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
    process.exit(1);
  },
);
