/**
 * The kiosk's launch screen (src/app/first-screens/launch-screen.ts): its launch script and
 * its painter, each built apart from the app as a classic script, the launch script run by
 * the parser right after the page's root and naming the painter, which it has the parser run
 * only when a screen was kept for the launch; and the build's name in the page, which the
 * kept screen's key holds: a kiosk updated to another build never paints the last one's
 * screen.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, UserConfig } from 'vite';
import { buildApart } from './build-apart.mts';

const launchEntry = fileURLToPath(new URL('../src/launch.ts', import.meta.url));
const paintEntry = fileURLToPath(new URL('../src/launch-paint.ts', import.meta.url));
/** src/app/first-screens/launch-check.ts PAINTER_ATTRIBUTE. */
const PAINTER_ATTRIBUTE = 'data-paint';
/** src/app/first-screens/launch-screen.ts BUILD_META. */
const BUILD_META = 'shop-build';
const ROOT = '<div id="root"></div>';

/** The build's name: a digest of every file it wrote but the page itself. */
export function buildName(files: readonly { path: string; bytes: Uint8Array }[]): string {
  const digest = createHash('sha256');
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    digest.update(`${file.path}\0${file.bytes.length}\0`);
    digest.update(file.bytes);
  }
  return digest.digest('hex').slice(0, 20);
}

/**
 * The page with the build's name in its head and the launch script right after its root,
 * naming the painter.
 */
export function pageWithLaunchScript(
  page: string,
  scripts: { launch: string; paint: string },
  build: string,
): string {
  const charset = '<meta charset="UTF-8" />';
  if (!page.includes(ROOT) || !page.includes(charset)) {
    throw new Error(`index.html has no ${ROOT} or ${charset} for the launch screen`);
  }
  return page
    .replace(charset, `${charset}\n    <meta name="${BUILD_META}" content="${build}" />`)
    .replace(
      ROOT,
      `${ROOT}\n    <script src="./${scripts.launch}" ${PAINTER_ATTRIBUTE}="./${scripts.paint}">` +
        '</script>',
    );
}

/** `config` makes the kiosk renderer's config afresh. */
export function launchScreen(config: () => UserConfig): Plugin {
  let scripts: { launch: string; paint: string } | undefined;
  return {
    name: 'shop-launch-screen',
    apply: 'build',
    async generateBundle() {
      const [launch, paint] = await Promise.all(
        [
          { entry: launchEntry, fileName: 'assets/launch-screen-[hash].js' },
          { entry: paintEntry, fileName: 'assets/launch-paint-[hash].js' },
        ].map((script) => buildApart(config(), { ...script, format: 'iife' })),
      );
      if (!launch || !paint) throw new Error('the launch scripts were not built');
      for (const built of [launch, paint]) {
        this.emitFile({ type: 'asset', fileName: built.fileName, source: built.code });
      }
      scripts = { launch: launch.fileName, paint: paint.fileName };
    },
    // Once every file is written as it ships: Vite's last steps still change chunks.
    writeBundle: {
      sequential: true,
      order: 'post',
      handler(options, bundle) {
        const { dir } = options;
        if (!dir || scripts === undefined) throw new Error('the launch scripts were not built');
        const files = Object.keys(bundle)
          .filter((name) => name !== 'index.html' && !name.endsWith('.map'))
          .map((name) => ({ path: name, bytes: readFileSync(join(dir, name)) }));
        const page = join(dir, 'index.html');
        writeFileSync(
          page,
          pageWithLaunchScript(readFileSync(page, 'utf8'), scripts, buildName(files)),
        );
      },
    },
  };
}
