/**
 * The doors hold: each illegal import that once slipped through (by a relative path, by an
 * alias, or into a runtime without the API) now fails `npm run lint` or `npm run typecheck`.
 * Probes are linted with the project's real ESLint config and typechecked with the real
 * tsconfigs, as if they were files in the folders named.
 */
import { relative, resolve } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const ROOT = resolve(__dirname, '../..');

// The first probe in each runtime builds that runtime's TypeScript program for type-aware
// lint: about two seconds alone, well over vitest's default 5 s while the full suite runs.
vi.setConfig({ testTimeout: 30_000 });

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/**
 * Lints `code` as the content of `file` (an existing file of the folder under test, so the
 * type-aware parser knows its project) and returns the layer-rule messages.
 */
async function layerErrors(file: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  return (result?.messages ?? []).filter((message) =>
    [
      'import-x/no-restricted-paths',
      'import-x/no-nodejs-modules',
      'cycles/no-cycle',
      'import-x/no-unresolved',
      'no-restricted-imports',
    ].includes(message.ruleId ?? ''),
  );
}

function parseTsconfig(tsconfig: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(resolve(ROOT, tsconfig), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`cannot read ${tsconfig}`);
  return parsed;
}

/** Typechecks `code` as a new file at `file` within the program of `tsconfig`. */
function typeErrors(tsconfig: string, file: string, code: string): string[] {
  const parsed = parseTsconfig(tsconfig);
  const probe = resolve(ROOT, file);
  const host = ts.createCompilerHost(parsed.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    resolve(name) === probe
      ? ts.createSourceFile(name, code, language)
      : getSourceFile(name, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => resolve(name) === probe || fileExists(name);
  const program = ts.createProgram({ rootNames: [probe], options: parsed.options, host });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file && resolve(diagnostic.file.fileName) === probe)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '));
}

describe('layer rules, by file path', () => {
  it('a feature cannot reach into another by a relative path', async () => {
    const errors = await layerErrors(
      'src/features/catalogue/catalogue-rules.ts',
      "import { addLine } from '../cart/cart-lines';\nexport const probe = addLine;\n",
    );
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining('features/catalogue must not depend on features/cart'),
    ]);
  });

  it('a feature reaches another only through its public file', async () => {
    const file = 'src/features/cart/cart-rules.ts';
    const inside = await layerErrors(
      file,
      "import { ProductCard } from '../catalogue/components/product-card';\nexport const probe = ProductCard;\n",
    );
    expect(inside.map((e) => e.message)).toEqual([
      expect.stringContaining('only through its public.ts'),
    ]);
    const door = await layerErrors(
      file,
      "import { ProductCard } from '../catalogue/public';\nexport const probe = ProductCard;\n",
    );
    expect(door).toEqual([]);
  });

  it('platform imports no page, no feature and nothing of the main process', async () => {
    const errors = await layerErrors(
      'src/platform/capabilities.ts',
      [
        "import { HomePage } from '../pages/home-page';",
        "import { useCartStore } from '../features/cart/store/cart-store';",
        "import { loadConfig } from '../../electron/main/config/config';",
        'export const probe = [HomePage, useCartStore, loadConfig];',
        '',
      ].join('\n'),
    );
    expect(errors.map((e) => e.message)).toEqual([
      // The home page leads back here through the capabilities' context (a type import).
      expect.stringContaining(
        'Import cycle: src/platform/capabilities.ts → src/pages/home-page.tsx',
      ),
      expect.stringContaining('platform is detection and the bridge only'),
      expect.stringContaining('platform is detection and the bridge only'),
      expect.stringContaining('The renderer reaches Electron only through the preload bridge'),
    ]);
  });

  it('i18n uses no feature, UI or platform, by a relative path or by the alias', async () => {
    const errors = await layerErrors(
      'src/i18n/formats.ts',
      [
        "import { productCategory } from '../features/catalogue/product-category';",
        "import { Money } from '@/components/ui/money';",
        "import { useCapabilities } from '@/platform/capabilities-context';",
        'export const probe = [productCategory, Money, useCapabilities];',
        '',
      ].join('\n'),
    );
    expect(errors.map((e) => e.message)).toEqual([
      // Money leads back here (it formats with this file): the cycle rule says so too.
      expect.stringContaining('i18n is the shown language'),
      expect.stringContaining('Import cycle: src/i18n/formats.ts → src/components/ui/money.tsx'),
      expect.stringContaining('i18n is the shown language'),
      expect.stringContaining('i18n is the shown language'),
    ]);
    const below = await layerErrors(
      'src/lib/text.ts',
      "import { formatNumber } from '@/i18n/count-format';\nexport const probe = formatNumber;\n",
    );
    expect(below.map((e) => e.message)).toEqual([
      expect.stringContaining('lib is the bottom layer'),
    ]);
  });

  it('the renderer imports no Node built-in and no Electron', async () => {
    const errors = await layerErrors(
      'src/lib/text.ts',
      "import { readFileSync } from 'node:fs';\nimport { app } from 'electron';\nexport const probe = [readFileSync, app];\n",
    );
    expect(errors.map((e) => e.ruleId)).toEqual([
      'import-x/no-nodejs-modules',
      'no-restricted-imports',
    ]);
  });

  it('the shopper’s renderer imports nothing of the fleet', async () => {
    const errors = await layerErrors(
      'src/lib/text.ts',
      "import { decodeReceiptCode } from '../../shared/fleet/receipt-code';\nexport const probe = decodeReceiptCode;\n",
    );
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining('The shopper’s renderer knows nothing of the fleet'),
    ]);
  });

  it('the main process imports nothing from the renderer', async () => {
    const errors = await layerErrors(
      'electron/main/app-protocol/app-origin.ts',
      "import { truncateWords } from '../../../src/lib/text';\nexport const probe = truncateWords;\n",
    );
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining('The main process never imports the renderer'),
    ]);
  });

  it('an import cycle fails, even inside one feature', async () => {
    // cart-store imports pricing; pricing importing the store back closes a loop.
    const errors = await layerErrors(
      'src/features/cart/pricing.ts',
      "import { useCartStore } from './store/cart-store';\nexport const probe = useCartStore;\n",
    );
    expect(errors.map((e) => e.ruleId)).toEqual(['cycles/no-cycle']);
  });

  it('a cycle through type-only imports fails too', async () => {
    // cart-store imports pricing; pricing naming the store's type back still closes a loop.
    const errors = await layerErrors(
      'src/features/cart/pricing.ts',
      "import type { CartState } from './store/cart-store';\nexport type Probe = CartState;\n",
    );
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining(
        'Import cycle: src/features/cart/pricing.ts → src/features/cart/store/cart-store.ts',
      ),
    ]);
  });

  it('shared/ imports none of the runtimes that import it', async () => {
    const errors = await layerErrors(
      'shared/csp.ts',
      "import { formatMoney } from '../web-shared/lib/money';\nexport const probe = formatMoney;\n",
    );
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining('shared/ is imported by every runtime'),
    ]);
  });
});

describe('the fleet console’s doors', () => {
  it('the console imports nothing of the shop’s src/, not even lib or components/ui', async () => {
    for (const specifier of [
      '../../src/features/cart/cart-rules',
      '../../src/lib/text',
      '../../src/components/ui/spinner',
    ]) {
      const errors = await layerErrors(
        'fleet-console/lib/format.ts',
        `import * as probe from '${specifier}';\nexport { probe };\n`,
      );
      expect(
        errors.map((e) => e.message),
        specifier,
      ).toEqual([
        expect.stringContaining('The fleet console shares web-shared/ and shared/ with the shop'),
      ]);
    }
    // By alias: the console's program has no @/ at all, so the shop's files cannot be named.
    const errors = await layerErrors(
      'fleet-console/lib/format.ts',
      "import * as probe from '@/lib/text';\nexport { probe };\n",
    );
    expect(errors.map((e) => e.ruleId)).toEqual(['import-x/no-unresolved']);
  });

  it('both browser apps import what they share by name, from web-shared/', async () => {
    for (const file of ['fleet-console/lib/format.ts', 'src/lib/text.ts']) {
      const errors = await layerErrors(
        file,
        "import { formatMoney } from '@web-shared/lib/money';\nimport { Announcer } from '@web-shared/ui/announcer';\nexport const probe = [formatMoney, Announcer];\n",
      );
      expect(errors, file).toEqual([]);
    }
  });

  it('web-shared/ imports neither app', async () => {
    for (const specifier of ['../../src/lib/text', '../../fleet-console/lib/format']) {
      const errors = await layerErrors(
        'web-shared/lib/count.ts',
        `import * as probe from '${specifier}';\nexport { probe };\n`,
      );
      expect(
        errors.map((e) => e.message),
        specifier,
      ).toContainEqual(expect.stringContaining('web-shared/ is what both browser apps share'));
    }
  });

  it('only the console’s tests may use the fleet’s shared samples, and nothing else of tests/', async () => {
    const sample =
      "import { SAMPLE_HEALTH } from '../../tests/support/fixtures/kiosk-health';\nexport const probe = SAMPLE_HEALTH;\n";
    expect(await layerErrors('fleet-console/fleet/kiosk-list.test.ts', sample)).toEqual([]);
    expect(
      (await layerErrors('fleet-console/fleet/kiosk-list.ts', sample)).map((e) => e.message),
    ).toEqual([expect.stringContaining('The fleet console’s own code never imports tests')]);
    const rig =
      "import { startMosquitto } from '../../tests/support/mosquitto';\nexport const probe = startMosquitto;\n";
    expect(
      (await layerErrors('fleet-console/fleet/kiosk-list.test.ts', rig)).map((e) => e.message),
    ).toEqual([expect.stringContaining('use only the shared samples of tests/support/fixtures')]);
  });

  it('the console runs in a browser: no Node built-in, no Electron', async () => {
    const errors = await layerErrors(
      'fleet-console/lib/format.ts',
      "import { readFileSync } from 'node:fs';\nimport { app } from 'electron';\nexport const probe = [readFileSync, app];\n",
    );
    expect(errors.map((e) => e.ruleId)).toEqual([
      'import-x/no-nodejs-modules',
      'no-restricted-imports',
    ]);
  });

  it('the console’s connection knows no feature: it imports none of them', async () => {
    // Features register their routes with the session; the connection never names them.
    for (const specifier of [
      '../fleet/fleet-store',
      '../trust/trust-store',
      '../rollouts/rollout-store',
      '../kiosks/diagnostics/diagnostics-store',
      '../counter/handover-outbox',
      '../service/service-session',
      '../app/session-features',
    ]) {
      const errors = await layerErrors(
        'fleet-console/connection/broker-session.ts',
        `import * as probe from '${specifier}';\nexport { probe };\n`,
      );
      expect(
        errors.map((e) => e.message),
        specifier,
      ).toContainEqual(
        expect.stringContaining(
          'fleet-console/connection may import lib, ui, protocol of the console',
        ),
      );
    }
  });

  it('the console’s shop service client knows no feature and no broker; the counter uses it', async () => {
    for (const specifier of [
      '../counter/handover-outbox',
      '../enrolment/enrolment-actions',
      '../connection/connection-store',
    ]) {
      const errors = await layerErrors(
        'fleet-console/service/service-session.ts',
        `import * as probe from '${specifier}';\nexport { probe };\n`,
      );
      expect(
        errors.map((e) => e.message),
        specifier,
      ).toContainEqual(
        expect.stringContaining('fleet-console/service may import lib, ui of the console'),
      );
    }
    const door = await layerErrors(
      'fleet-console/counter/counter-calls.ts',
      "import { useServiceSession } from '../service/service-session';\nexport const probe = useServiceSession;\n",
    );
    expect(door).toEqual([]);
  });

  it('a console feature imports only the rooms its doors name', async () => {
    const refused = await layerErrors(
      'fleet-console/rollouts/rollout-store.ts',
      "import { useFleetStore } from '../fleet/fleet-store';\nexport const probe = useFleetStore;\n",
    );
    expect(refused.map((e) => e.message)).toEqual([
      expect.stringContaining('fleet-console/rollouts may import'),
    ]);
    const sideways = await layerErrors(
      'fleet-console/fleet/fleet-store.ts',
      "import { useTrustStore } from '../trust/trust-store';\nexport const probe = useTrustStore;\n",
    );
    expect(sideways.map((e) => e.message)).toEqual([
      expect.stringContaining('fleet-console/fleet may import'),
    ]);
    const door = await layerErrors(
      'fleet-console/kiosks/kiosks-view.tsx',
      "import { useFleetStore } from '../fleet/fleet-store';\nexport const probe = useFleetStore;\n",
    );
    expect(door).toEqual([]);
  });

  it('the console’s message reader uses the rollout engine, and nothing else of rollouts', async () => {
    const engine = await layerErrors(
      'fleet-console/protocol/read-message.ts',
      "import { readRolloutState } from '../rollouts/engine/rollout-state';\nexport const probe = readRolloutState;\n",
    );
    expect(engine).toEqual([]);
    const view = await layerErrors(
      'fleet-console/protocol/read-message.ts',
      "import { useRolloutStore } from '../rollouts/rollout-store';\nexport const probe = useRolloutStore;\n",
    );
    expect(view.map((e) => e.message)).toContainEqual(
      expect.stringContaining('fleet-console/protocol may import'),
    );
    const back = await layerErrors(
      'fleet-console/rollouts/engine/rollout-gate.ts',
      "import { useRolloutStore } from '../rollout-store';\nexport const probe = useRolloutStore;\n",
    );
    expect(back.map((e) => e.message)).toContainEqual(
      expect.stringContaining('fleet-console/rollouts/engine may import lib of the console'),
    );
  });

  it('nothing of the shop imports the console, so it never reaches a shopper', async () => {
    for (const file of [
      'src/lib/text.ts',
      'src/features/cart/pricing.ts',
      'web-shared/lib/count.ts',
      'shared/csp.ts',
      'electron/main/app-protocol/app-origin.ts',
    ]) {
      const depth = file.split('/').length - 1;
      const errors = await layerErrors(
        file,
        `import * as probe from '${'../'.repeat(depth)}fleet-console/lib/format';\nexport { probe };\n`,
      );
      expect(
        errors.map((e) => e.message),
        file,
      ).toContainEqual(
        expect.stringContaining(
          'Nothing of the shop, the kiosk or the scripts imports the fleet console',
        ),
      );
    }
  });
});

describe('the bench’s door', () => {
  it('nothing of the product or its tests imports the bench', async () => {
    for (const file of ['src/lib/text.ts', 'tools/repo-root.ts', 'tests/support/mosquitto.ts']) {
      const depth = file.split('/').length - 1;
      const errors = await layerErrors(
        file,
        `import * as probe from '${'../'.repeat(depth)}bench/stats';\nexport { probe };\n`,
      );
      expect(
        errors.map((e) => e.message),
        file,
      ).toContainEqual(expect.stringContaining('The bench measures the product from outside'));
    }
  });
});

describe('the fleet agent’s doors', () => {
  it('the agent imports nothing of Electron, the kiosk’s main process, the renderer or the tools', async () => {
    const file = 'fleet-agent/connection/connection.ts';
    const electron = await layerErrors(
      file,
      "import { app } from 'electron';\nexport const probe = app;\n",
    );
    expect(electron.map((e) => e.message)).toContainEqual(
      expect.stringContaining('The fleet agent runs without Electron'),
    );
    for (const target of [
      'electron/main/logging/logging',
      'src/lib/text',
      'tools/repo-root',
      'tools/simulator/pretend-shop',
    ]) {
      const errors = await layerErrors(
        file,
        `import * as probe from '../../${target}';\nexport { probe };\n`,
      );
      expect(
        errors.map((e) => e.message),
        target,
      ).toContainEqual(
        expect.stringContaining('The fleet agent runs in the kiosk and in the simulator alike'),
      );
    }
  });

  it('the simulator runs the agent and the config table, nothing of electron/', async () => {
    for (const [file, target] of [
      ['tools/simulator/pretend-shop.ts', 'electron/main/logging/logging'],
      ['tools/simulator/kiosk-config.ts', 'electron/main/config/config'],
    ] as const) {
      const probe = `import * as probe from '../../${target}';\nexport { probe };\n`;
      expect(
        (await layerErrors(file, probe)).map((e) => e.message),
        `${file} → ${target}`,
      ).toEqual([expect.stringContaining('the simulator runs the fleet agent and the config')]);
    }
    const electron = "import { app } from 'electron';\nexport const probe = app;\n";
    expect(
      (await layerErrors('tools/simulator/pretend-shop.ts', electron)).map((e) => e.message),
    ).toEqual([expect.stringContaining('the simulator runs it in plain Node')]);
    const allowed =
      "import * as agent from '../../fleet-agent/config/remote-keys';\nimport * as table from '../../shared/kiosk-config/config-keys';\nexport const probe = [agent, table];\n";
    expect(await layerErrors('tools/simulator/kiosk-config.ts', allowed)).toEqual([]);
  });
});

describe('the services’ and the dev tools’ doors', () => {
  const probe = (specifier: string) =>
    `import * as probe from '${specifier}';\nexport { probe };\n`;

  it('a service imports nothing of the kiosk’s main process, nor Electron', async () => {
    const errors = await layerErrors(
      'services/exporter/fleet-exporter.ts',
      "import { loadConfig } from '../../electron/main/config/config';\nimport { app } from 'electron';\nexport const probe = [loadConfig, app];\n",
    );
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining('A service runs on its own beside the kiosks'),
      expect.stringContaining('The renderer reaches Electron only through the preload bridge'),
    ]);
  });

  it('a service imports none of the shop, the console, the scripts or the dev tools', async () => {
    for (const specifier of [
      '../../src/lib/text',
      '../../fleet-console/lib/format',
      '../../scripts/fleet/fleet',
      '../../tools/repo-root',
      '../../tests/support/mosquitto',
    ]) {
      const errors = await layerErrors('services/will-keeper/will-keeper.ts', probe(specifier));
      expect(
        errors.map((e) => e.message),
        specifier,
      ).toContainEqual(expect.stringContaining('A service runs on its own beside the kiosks'));
    }
  });

  it('the shop service reaches server/ only for the demo catalogue’s drawings, from their room', async () => {
    const art = probe('../../../server/catalogue/product-art');
    expect(await layerErrors('services/shop/demo-images/demo-image-routes.ts', art)).toEqual([]);
    const app = await layerErrors(
      'services/shop/demo-images/demo-image-routes.ts',
      probe('../../../server/catalogue/catalogue-app'),
    );
    expect(app.map((e) => e.message)).toEqual([
      expect.stringContaining('The shop service’s demo images import only the demo catalogue’s'),
    ]);
    for (const [file, specifier] of [
      ['services/shop/http/shop-app.ts', '../../../server/catalogue/product-art'],
      ['services/shop/main.ts', '../../server/catalogue/product-art'],
      ['services/exporter/fleet-exporter.ts', '../../server/catalogue/product-art'],
    ] as const) {
      const errors = await layerErrors(file, probe(specifier));
      expect(
        errors.map((e) => e.message),
        file,
      ).toEqual([expect.stringContaining('A service runs on its own beside the kiosks')]);
    }
  });

  it('a service imports shared/ and its own code', async () => {
    const errors = await layerErrors(
      'services/exporter/main.ts',
      "import { DEFAULT_TOPIC_PREFIX } from '../../shared/fleet/topics';\nimport { DEFAULT_CONFIG } from '../../shared/kiosk-config/config-keys';\nimport { readExporterOptions } from './exporter-options';\nexport const probe = [DEFAULT_TOPIC_PREFIX, DEFAULT_CONFIG, readExporterOptions];\n",
    );
    expect(errors).toEqual([]);
  });

  it('a dev tool reaches the kiosk’s main process only at its folder’s doors', async () => {
    const feed = probe('../../electron/main/updates/feed-signature');
    expect(await layerErrors('tools/updates/update-signing.ts', feed)).toEqual([]);
    for (const file of [
      'tools/signing/fleet-signing.ts',
      'tools/simulator/simulated-kiosk.ts',
      'tools/repo-root.ts',
    ]) {
      const depth = file.split('/').length - 1;
      const errors = await layerErrors(
        file,
        probe(`${'../'.repeat(depth)}electron/main/updates/feed-signature`),
      );
      expect(
        errors.map((e) => e.message),
        file,
      ).toEqual([expect.stringContaining('The dev tools reach the kiosk’s main process only')]);
    }
    const beyond = await layerErrors(
      'tools/updates/update-signing.ts',
      probe('../../electron/main/config/config'),
    );
    expect(beyond.map((e) => e.message)).toEqual([
      expect.stringContaining('The update tools import only the feed signature rule'),
    ]);
    // The kiosk in a browser reads its config with the kiosk's loader, and nothing else.
    expect(
      await layerErrors(
        'tools/kiosk-preview/preview-config.ts',
        probe('../../electron/main/config/config'),
      ),
    ).toEqual([]);
    const past = await layerErrors(
      'tools/kiosk-preview/preview-config.ts',
      probe('../../electron/main/updates/feed-signature'),
    );
    expect(past.map((e) => e.message)).toEqual([
      expect.stringContaining('The kiosk preview imports only the config loader'),
    ]);
  });

  it('a tool or a service importing electron/ fails lint, whatever the file', async () => {
    for (const file of [
      'tools/simulator/simulated-kiosk.ts',
      'tools/cluster/nats-cluster.ts',
      'services/exporter/fleet-exporter.ts',
      'services/will-keeper/will-keeper.ts',
    ]) {
      const errors = await layerErrors(file, probe('../../electron/main/config/config'));
      expect(
        errors.map((e) => e.message),
        file,
      ).toEqual([expect.stringMatching(/The dev tools reach the kiosk|A service runs on its own/)]);
    }
  });

  it('an entry reaches the kiosk’s main process only at its folder’s doors', async () => {
    const pin = probe('../../electron/main/staff-exit/staff-pin-hash');
    expect(await layerErrors('scripts/kiosk/staff-pin-hash.ts', pin)).toEqual([]);
    expect((await layerErrors('scripts/fleet/fleet.ts', pin)).map((e) => e.message)).toEqual([
      expect.stringContaining('An entry reaches the kiosk’s main process only'),
    ]);
    expect(
      (
        await layerErrors('scripts/kiosk/staff-pin-hash.ts', probe('../../electron/main/window'))
      ).map((e) => e.message),
    ).toEqual([expect.stringContaining('The kiosk’s entries import only the PIN hash')]);
  });

  it('the dev tools never import an entry', async () => {
    const errors = await layerErrors(
      'tools/cluster/restartable-port.ts',
      probe('../../scripts/fleet/fleet-cluster'),
    );
    expect(errors.map((e) => e.message)).toContainEqual(
      expect.stringContaining('tools/ is what the entries in scripts/ share'),
    );
  });
});

describe('layer rules, by alias', () => {
  // The zones match the file an import resolves to, so an alias is refused exactly like the
  // relative path above, once lint resolves it through the runtime's own tsconfig. Each probe
  // repeats its relative twin on purpose: every door is proven by both import forms.
  it('a feature cannot reach into another through @/', async () => {
    const errors = await layerErrors(
      'src/features/catalogue/catalogue-rules.ts',
      "import { addLine } from '@/features/cart/cart-lines';\nexport const probe = addLine;\n",
    );
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining('features/catalogue must not depend on features/cart'),
    ]);
  });

  it('a feature reaches another through @/ only at its public file', async () => {
    const file = 'src/features/cart/cart-rules.ts';
    const inside = await layerErrors(
      file,
      "import { ProductCard } from '@/features/catalogue/components/product-card';\nexport const probe = ProductCard;\n",
    );
    expect(inside.map((e) => e.message)).toEqual([
      expect.stringContaining('only through its public.ts'),
    ]);
    const door = await layerErrors(
      file,
      "import { ProductCard } from '@/features/catalogue/public';\nexport const probe = ProductCard;\n",
    );
    expect(door).toEqual([]);
  });

  it('platform imports no page and no feature through @/', async () => {
    const errors = await layerErrors(
      'src/platform/capabilities.ts',
      [
        "import { HomePage } from '@/pages/home-page';",
        "import { useCartStore } from '@/features/cart/store/cart-store';",
        'export const probe = [HomePage, useCartStore];',
        '',
      ].join('\n'),
    );
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining(
        'Import cycle: src/platform/capabilities.ts → src/pages/home-page.tsx',
      ),
      expect.stringContaining('platform is detection and the bridge only'),
      expect.stringContaining('platform is detection and the bridge only'),
    ]);
  });

  it('lib imports no feature through @/', async () => {
    const errors = await layerErrors(
      'src/lib/text.ts',
      "import { addLine } from '@/features/cart/cart-lines';\nexport const probe = addLine;\n",
    );
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining('lib is the bottom layer'),
    ]);
  });

  it('the renderer cannot reach the main process through @/ or @shared/', async () => {
    const errors = await layerErrors(
      'src/platform/capabilities.ts',
      [
        "import { loadConfig } from '@/../electron/main/config/config';",
        "import { isTrustedSender } from '@shared/../electron/main/ipc-sender';",
        'export const probe = [loadConfig, isTrustedSender];',
        '',
      ].join('\n'),
    );
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining('The renderer reaches Electron only through the preload bridge'),
      expect.stringContaining('The renderer reaches Electron only through the preload bridge'),
    ]);
  });

  it('a service cannot reach the scripts, the servers or the console by a relative path', async () => {
    const errors = await layerErrors(
      'services/shop/http/query.ts',
      [
        "import * as entry from '../../../scripts/web/serve';",
        "import { assertOrigin } from '../../../server/catalogue/catalogue-app';",
        "import { formatClock } from '../../../fleet-console/lib/format';",
        'export const probe = [entry, assertOrigin, formatClock];',
        '',
      ].join('\n'),
    );
    const messages = errors.map((e) => e.message);
    expect(messages).toHaveLength(4);
    expect(messages.filter((m) => m.includes('A service runs on its own'))).toHaveLength(3);
    expect(messages).toContainEqual(
      expect.stringContaining(
        'Nothing of the shop, the kiosk or the scripts imports the fleet console',
      ),
    );
  });

  it('an @shared/ path that leads back into src is judged by where it leads', async () => {
    const errors = await layerErrors(
      'src/lib/text.ts',
      "import { bridge } from '@shared/../src/platform/capabilities';\nexport const probe = bridge;\n",
    );
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining('lib is the bottom layer'),
    ]);
  });

  it('the renderer reaches shared/ through @shared/', async () => {
    const errors = await layerErrors(
      'src/platform/capabilities.ts',
      "import { IPC_CHANNELS } from '@shared/bridge';\nexport const probe = IPC_CHANNELS;\n",
    );
    expect(errors).toEqual([]);
  });
});

describe('each runtime resolves imports through its own tsconfig', () => {
  // Only the browser apps and their tests have the @/, @shared/ and @web-shared/ aliases (as
  // only their bundlers do), and only the shop has @/: elsewhere an alias must stay
  // unresolved, not borrow another runtime's meaning.
  it.each([
    ['electron/main/app-protocol/app-origin.ts', '@/lib/text'],
    ['electron/main/app-protocol/app-origin.ts', '@web-shared/lib/money'],
    ['electron/main/app-protocol/app-origin.ts', '@shared/csp'],
    ['electron/preload/bridge.ts', '@shared/bridge'],
    ['shared/csp.ts', '@/lib/text'],
    ['shared/csp.ts', '@web-shared/lib/money'],
    ['server/http/static-files.ts', '@shared/csp'],
    ['services/shop/http/query.ts', '@shared/csp'],
    ['tools/repo-root.ts', '@/lib/text'],
    ['services/exporter/fleet-exporter.ts', '@shared/fleet/topics'],
    ['src/service-worker/sw.ts', '@/lib/text'],
    ['fleet-console/lib/format.ts', '@/lib/text'],
    ['web-shared/lib/count.ts', '@/lib/text'],
    ['web-shared/lib/count.ts', '@shared/csp'],
  ])('%s cannot import %s', async (file, specifier) => {
    const errors = await layerErrors(
      file,
      `import * as probe from '${specifier}';\nexport { probe };\n`,
    );
    expect(errors.map((e) => e.ruleId)).toEqual(['import-x/no-unresolved']);
  });

  it('every file of every runtime program is linted with that program’s resolver', async () => {
    const runtimes = (parseTsconfig('tsconfig.json').projectReferences ?? []).map((reference) =>
      relative(ROOT, reference.path),
    );
    expect(runtimes).toHaveLength(9);
    const programsOf = new Map<string, string[]>();
    for (const tsconfig of runtimes) {
      for (const file of parseTsconfig(tsconfig).fileNames) {
        programsOf.set(file, [...(programsOf.get(file) ?? []), `typescript (${tsconfig})`]);
      }
    }
    for (const [file, programs] of programsOf) {
      const config = (await eslint.calculateConfigForFile(file)) as {
        settings: { 'import-x/resolver-next': { name: string }[] };
      };
      const resolvers = config.settings['import-x/resolver-next'].map((r) => r.name);
      expect(resolvers, relative(ROOT, file)).toHaveLength(1);
      expect(programs, relative(ROOT, file)).toContain(resolvers[0]);
    }
  });

  it('the renderer and its tests resolve all three aliases', async () => {
    for (const file of ['src/lib/text.ts', 'tests/architecture/layer-rules.test.ts']) {
      const errors = await layerErrors(
        file,
        "import * as text from '@/lib/text';\nimport * as money from '@web-shared/lib/money';\nimport * as csp from '@shared/csp';\nexport { text, money, csp };\n",
      );
      expect(errors, file).toEqual([]);
    }
  });
});

describe('one program per runtime', () => {
  const nodeProbe =
    "import { readFileSync } from 'node:fs';\nexport const probe = [readFileSync, process.env.HOME];\n";

  it('renderer code cannot use Node: node:fs and process do not typecheck in src/', () => {
    const errors = typeErrors('tsconfig.renderer.json', 'src/lib/probe.ts', nodeProbe);
    expect(errors).toEqual([
      // TypeScript 6 words an unresolvable node: import as a missing name, not a missing module.
      expect.stringContaining("Cannot find name 'node:fs'"),
      expect.stringContaining("Cannot find name 'process'"),
    ]);
  });

  it('the sandboxed preload cannot use Node either', () => {
    const errors = typeErrors(
      'tsconfig.preload.json',
      'electron/preload/probe.ts',
      "import { readFileSync } from 'node:fs';\nexport const probe = [readFileSync, Buffer.from('x')];\n",
    );
    expect(errors).toEqual([
      // TypeScript 6 words an unresolvable node: import as a missing name, not a missing module.
      expect.stringContaining("Cannot find name 'node:fs'"),
      expect.stringContaining("Cannot find name 'Buffer'"),
    ]);
  });

  it('shared/ can use neither the DOM nor Node', () => {
    const errors = typeErrors(
      'tsconfig.shared.json',
      'shared/probe.ts',
      'export const probe = [document.title, process.env.HOME];\n',
    );
    expect(errors).toEqual([
      expect.stringContaining("Cannot find name 'document'"),
      expect.stringContaining("Cannot find name 'process'"),
    ]);
  });

  it('main-process code has Node but not the DOM', () => {
    expect(typeErrors('tsconfig.node.json', 'electron/main/probe.ts', nodeProbe)).toEqual([]);
    expect(
      typeErrors(
        'tsconfig.node.json',
        'electron/main/probe.ts',
        'export const probe = document;\n',
      ),
    ).toEqual([expect.stringContaining("Cannot find name 'document'")]);
  });
});
