// @ts-check
/**
 * The doors of the code base, enforced by file path (import-x resolves every import,
 * relative or aliased, to the file it names, through the tsconfig of the importing file's
 * runtime: eslint.runtimes.mjs) rather than by matching import text.
 *
 *   src:    lib, components/ui  ←  features/*  ←  pages  ←  app      (platform: detection + bridge)
 *           i18n (the shown language, formats, catalogs) sits on lib: every room above may use it
 *           a feature's public.ts is the only door for another feature and for pages
 *   shared: imported by every runtime, imports nothing of theirs; shared/kiosk-config is the
 *           kiosk's config table and its pure rules, which the kiosk, its fleet agent and the
 *           simulator all read
 *   electron/main, server, scripts: Node; never the renderer
 *   fleet-agent: the kiosk's fleet logic with no Electron in it; the kiosk's main process
 *           and the simulator run it, it imports only shared/
 *   services: what a shop or a chain runs beside the kiosks (the exporter, the will keeper,
 *           the shop service): Node, shared/ and their own code only
 *   scripts:  one entry per npm command; tools: the dev tools' code the entries share. Both
 *           reach electron/main only at the files written out for each folder below; the
 *           simulator not at all
 *   bench:  the benchmark program; measures from outside, imported by nothing
 *   web-shared: what the shop and the fleet console share (storage, announcer, money, dialog
 *           hook, counting); imports neither
 *   fleet-console: the operator's page; shares web-shared and shared with the shop, never
 *           src/, and nothing of the shop, main or scripts imports it. Inside, its rooms have
 *           doors of their own (CONSOLE_ROOM_DEPENDENCIES): lib, ui  ←  protocol  ←  connection
 *           ←  the features (fleet, trust, kiosks, rollouts, counter, enrolment)  ←  app;
 *           connection knows no feature (features register their message routes with it);
 *           service (the shop service's client) sits on lib and ui, beside connection
 *
 * Read by eslint.config.mjs and by tests/architecture, which proves each door holds.
 */
import { cyclePlugin } from './eslint.cycles.mjs';

/** Which feature may use which, always through that feature's public file. */
export const FEATURE_DEPENDENCIES = {
  catalogue: [],
  cart: ['catalogue'],
  checkout: ['cart', 'catalogue'],
  kiosk: [],
};

/** A feature's one public file: all another feature may import from it. */
export const FEATURE_PUBLIC_FILE = 'public.ts';

/**
 * The fleet console's rooms, and which other rooms each may import (any file of them). A
 * room named with a slash is a part of a room that others may use without the rest of it.
 * Rooms not named here (fleet-console/test, the entry main.tsx) have no doors.
 */
export const CONSOLE_ROOM_DEPENDENCIES = {
  /** Plain functions: formats, page crypto, PEM keys. */
  lib: [],
  /** The console's shared UI parts: form fields, the key-file picker. */
  ui: ['lib'],
  /** The rollout engine: pure rules over shared/ (plans, states, the gate). */
  'rollouts/engine': ['lib'],
  /** The fleet's messages as the console reads them (a rollout's state by the engine's schema). */
  protocol: ['lib', 'rollouts/engine'],
  /** The broker session and its worker, the settings, the route registry: no feature. */
  connection: ['lib', 'ui', 'protocol'],
  /** The shop service: its client, the answers it gives, who this page is there, kept copies. */
  service: ['lib', 'ui'],
  fleet: ['lib', 'protocol', 'connection'],
  trust: ['lib', 'protocol', 'connection'],
  kiosks: ['lib', 'ui', 'protocol', 'connection', 'fleet'],
  rollouts: ['lib', 'ui', 'protocol', 'connection'],
  /** How orders flow through the shop (the service's /orders/flow): a panel of figures. */
  flow: ['lib', 'service'],
  counter: ['lib', 'ui', 'protocol', 'connection', 'service', 'flow'],
  enrolment: ['lib', 'ui', 'protocol', 'connection', 'service', 'trust', 'counter'],
  /** The pick screen (/pick): the service's orders and moves; no broker, no other feature. */
  pick: ['lib', 'ui', 'service'],
  /** The ready board (/board): numbers only, from the service's feed; no login, no feature. */
  board: ['lib', 'service'],
  /** The shop manager's settings (/settings): the service's settings; no broker, no feature. */
  settings: ['lib', 'ui', 'service'],
  /** Composes the views and the session's features. */
  app: [
    'lib',
    'ui',
    'protocol',
    'connection',
    'service',
    'fleet',
    'trust',
    'kiosks',
    'rollouts',
    'counter',
    'enrolment',
  ],
};

/** The console's shipped files: everything but its unit tests and their fleet-console/test/ helpers. */
const CONSOLE_PRODUCT_FILES = [
  './fleet-console/*.{ts,tsx}',
  './fleet-console/!(test)/**/!(*.test).{ts,tsx}',
];

const RENDERER_ONLY =
  'The renderer reaches Electron only through the preload bridge (src/platform) and shared/.';

const AGENT_NO_ELECTRON =
  'The fleet agent runs without Electron (the simulator runs it in plain Node): the kiosk hands it what it needs.';

/** @typedef {{ target: string, from: string | string[], except?: string[], message: string }} Zone */

/** @returns {Zone[]} */
function featureZones() {
  /** @type {Zone[]} */
  const zones = [];
  for (const [feature, allowed] of Object.entries(FEATURE_DEPENDENCIES)) {
    for (const other of Object.keys(FEATURE_DEPENDENCIES)) {
      if (other === feature) continue;
      const mayUse = /** @type {string[]} */ (allowed).includes(other);
      zones.push({
        target: `./src/features/${feature}`,
        from: `./src/features/${other}`,
        ...(mayUse ? { except: [`./${FEATURE_PUBLIC_FILE}`] } : {}),
        message: mayUse
          ? `features/${feature} may use features/${other} only through its ${FEATURE_PUBLIC_FILE}.`
          : `features/${feature} must not depend on features/${other}.`,
      });
    }
  }
  return zones;
}

/** @returns {Zone[]} */
function consoleRoomZones() {
  /** @type {Record<string, string[]>} */
  const table = CONSOLE_ROOM_DEPENDENCIES;
  const rooms = Object.keys(table);
  /** Whether `room` is `other` or a part of it. */
  const within = (/** @type {string} */ room, /** @type {string} */ other) =>
    room === other || room.startsWith(`${other}/`);
  const mayUse = (/** @type {string} */ room, /** @type {string} */ other) =>
    (table[room] ?? []).some((allowed) => within(other, allowed));
  /** The parts of `other` that `room` may use, as `except` paths (relative to `other`). */
  const usableParts = (/** @type {string} */ room, /** @type {string} */ other) =>
    (table[room] ?? [])
      .filter((allowed) => allowed.startsWith(`${other}/`))
      .map((allowed) => `./${allowed.slice(other.length + 1)}`);
  /** @type {Zone[]} */
  const zones = [];
  for (const room of rooms) {
    const enclosing = rooms.find((other) => room.startsWith(`${other}/`));
    for (const other of rooms) {
      if (within(other, room) || mayUse(room, other)) continue;
      // A part of a room is refused with the whole of it, by the room's zone.
      const whole = rooms.find((one) => other.startsWith(`${one}/`));
      if (whole && !within(room, whole)) continue;
      const ownPart = within(room, other) ? [`./${room.slice(other.length + 1)}`] : [];
      // What the enclosing room may not use, its zone already refuses to this part of it.
      if (ownPart.length === 0 && enclosing && !mayUse(enclosing, other)) continue;
      const except = [...ownPart, ...usableParts(room, other)];
      const allowed = table[room] ?? [];
      zones.push({
        target: `./fleet-console/${room}`,
        from: `./fleet-console/${other}`,
        ...(except.length > 0 ? { except } : {}),
        message: `fleet-console/${room} may import ${
          allowed.length > 0 ? allowed.join(', ') : 'no room'
        } of the console, not ${other} (CONSOLE_ROOM_DEPENDENCIES).`,
      });
    }
  }
  return zones;
}

/**
 * One entry per door, written out: the entries are alike in shape only, each naming its own
 * targets and reason, and generating them would hide which door says what.
 * @type {Zone[]}
 */
export const LAYER_ZONES = [
  {
    target: './src',
    from: [
      './electron',
      './fleet-agent',
      './server',
      './scripts',
      './tools',
      './services',
      './tests',
    ],
    message: RENDERER_ONLY,
  },
  {
    target: './src',
    from: './shared/fleet',
    message:
      'The shopper’s renderer knows nothing of the fleet: main signs receipts and reports health; shared/fleet (and zod) stay out of its bundle.',
  },
  {
    target: './src/lib',
    from: [
      './src/components',
      './src/features',
      './src/pages',
      './src/app',
      './src/platform',
      './src/i18n',
    ],
    message: 'lib is the bottom layer: plain functions, no UI, no features.',
  },
  {
    target: './src/i18n',
    from: ['./src/components', './src/features', './src/pages', './src/app', './src/platform'],
    message:
      'i18n is the shown language, its formats and catalogs: every room may use it, it uses no UI, feature, page, app or platform.',
  },
  {
    target: './src/components',
    from: ['./src/features', './src/pages', './src/app', './src/platform'],
    message: 'components/ui are shared building blocks: they know no feature, page or platform.',
  },
  {
    target: './src/platform',
    from: ['./src/components', './src/features', './src/pages', './src/app', './src/i18n'],
    message:
      'platform is detection and the bridge only: features use it, it uses no feature or UI.',
  },
  {
    target: './src/features',
    from: ['./src/pages', './src/app'],
    message: 'Features are composed by pages and the app, never the other way round.',
  },
  ...featureZones(),
  {
    target: './src/pages',
    from: './src/app',
    message: 'Pages compose features; the app composes pages.',
  },
  {
    target: './src/pages',
    from: './src/features',
    except: Object.keys(FEATURE_DEPENDENCIES).map(
      (feature) => `./${feature}/${FEATURE_PUBLIC_FILE}`,
    ),
    message: `Pages compose features through their ${FEATURE_PUBLIC_FILE} only.`,
  },
  {
    target: './shared',
    from: [
      './src',
      './web-shared',
      './fleet-console',
      './electron',
      './server',
      './scripts',
      './tools',
      './services',
      './tests',
      './vite-plugins',
      './bench',
      './fleet-agent',
    ],
    message: 'shared/ is imported by every runtime and imports none of them.',
  },
  {
    target: './electron/main',
    from: ['./src', './electron/preload', './scripts', './tools', './tests'],
    message: 'The main process never imports the renderer, the preload or scripts.',
  },
  {
    target: './electron/preload',
    from: ['./src', './electron/main', './server', './scripts', './tools', './tests'],
    message: 'The sandboxed preload imports only shared/ and Electron’s renderer modules.',
  },
  {
    target: './fleet-agent',
    from: [
      './electron',
      './src',
      './scripts',
      './tools',
      './services',
      './server',
      './fleet-console',
      './web-shared',
      './tests',
    ],
    message:
      'The fleet agent runs in the kiosk and in the simulator alike: no Electron, no renderer, no tools or services; it imports shared/ only, and is handed the rest.',
  },
  {
    target: './server',
    from: ['./src', './electron', './scripts', './tools', './tests'],
    message: 'The servers are plain Node: no renderer, no Electron, no scripts.',
  },
  {
    target: './scripts',
    from: ['./src', './tests'],
    message: 'Scripts run in Node and never import the renderer or tests.',
  },
  {
    target: './tools',
    from: ['./src', './tests', './fleet-console'],
    message: 'Tools run in Node and never import the renderer, the console or tests.',
  },
  {
    target: './tools',
    from: './scripts',
    message: 'tools/ is what the entries in scripts/ share: it never imports an entry.',
  },
  {
    // The simulator runs the kiosk's fleet agent (fleet-agent/) with the kiosk's config table
    // (shared/kiosk-config/), so it needs nothing of the kiosk's main process.
    target: ['./tools/!(updates|kiosk-preview)/**', './tools/*.ts'],
    from: './electron',
    message:
      'The dev tools reach the kiosk’s main process only at the door written out for the update tools; the simulator runs the fleet agent and the config table, not the kiosk.',
  },
  {
    // The kiosk in a browser reads its config with the kiosk's own loader, so a flag, a
    // config file or an environment variable means the same with and without Electron.
    target: './tools/kiosk-preview',
    from: './electron',
    except: ['./main/config/config.ts'],
    message: 'The kiosk preview imports only the config loader of electron/main.',
  },
  {
    // The update feed is signed over exactly the bytes the kiosk checks, by the kiosk's rule.
    target: './tools/updates',
    from: './electron',
    except: ['./main/updates/feed-signature.ts'],
    message: 'The update tools import only the feed signature rule of electron/main.',
  },
  {
    target: ['./scripts/!(kiosk|supply-chain)/**', './scripts/*.ts'],
    from: './electron',
    message:
      'An entry reaches the kiosk’s main process only at the doors written out for its folder (kiosk/, supply-chain/).',
  },
  {
    // `npm run staff-pin:hash` hashes with the kiosk's own code, so the kiosk accepts the PIN.
    target: './scripts/kiosk',
    from: './electron',
    except: ['./main/staff-exit/staff-pin-hash.ts'],
    message: 'The kiosk’s entries import only the PIN hash of electron/main.',
  },
  {
    // `npm run audit:electron` stages the page the app protocol serves, at the paths it serves.
    target: './scripts/supply-chain',
    from: './electron',
    except: ['./main/app-protocol/app-files.ts', './main/app-protocol/app-origin.ts'],
    message:
      'The supply-chain entries import only the app protocol’s files and origin of electron/main.',
  },
  {
    target: './services',
    from: [
      './src',
      './web-shared',
      './fleet-console',
      './electron',
      './scripts',
      './tools',
      './fleet-agent',
      './tests',
    ],
    message:
      'A service runs on its own beside the kiosks: plain Node and shared/, no renderer, console, Electron, fleet agent, server, scripts or tools.',
  },
  {
    target: [
      './services/!(shop)/**',
      './services/*.*',
      './services/shop/!(demo-images)/**',
      './services/shop/*.*',
    ],
    from: './server',
    message:
      'A service runs on its own beside the kiosks: plain Node and shared/, no renderer, console, Electron, fleet agent, server, scripts or tools.',
  },
  {
    // The pick screen shows the demo catalogue's drawings as the kiosk did: drawn by the
    // embedded catalogue's own code from its own data, so the two never differ.
    target: './services/shop/demo-images',
    from: './server',
    except: ['./catalogue/product-art.ts', './catalogue/product-schema.ts'],
    message:
      'The shop service’s demo images import only the demo catalogue’s drawing and product schema of server/.',
  },
  {
    target: './vite-plugins',
    from: ['./src', './electron', './server', './tests', './fleet-console'],
    message:
      'The build’s plugins run in Node at build time: they name the renderer’s files, never import them.',
  },
  {
    target: './fleet-console',
    from: ['./src', './electron', './server', './scripts', './tools'],
    message:
      'The fleet console shares web-shared/ and shared/ with the shop, never the shop’s src/: no feature, page, platform, main process or script.',
  },
  ...consoleRoomZones(),
  {
    // The console's own tests share the fleet's payload samples with every other fleet test.
    target: './fleet-console',
    from: './tests',
    except: ['./support/fixtures'],
    message: 'The fleet console’s tests use only the shared samples of tests/support/fixtures.',
  },
  {
    target: CONSOLE_PRODUCT_FILES,
    from: './tests',
    message: 'The fleet console’s own code never imports tests.',
  },
  {
    target: './web-shared',
    from: ['./src', './fleet-console', './electron', './server', './scripts', './tools', './tests'],
    message:
      'web-shared/ is what both browser apps share: it imports neither of them, nor any Node runtime.',
  },
  {
    target: './web-shared/lib',
    from: './web-shared/ui',
    message: 'web-shared/lib is plain functions: no UI.',
  },
  {
    target: [
      './src',
      './web-shared',
      './electron',
      './server',
      './shared',
      './scripts',
      './tools',
      './fleet-agent',
      './services',
    ],
    from: './fleet-console',
    message:
      'Nothing of the shop, the kiosk or the scripts imports the fleet console: its code never reaches a shopper’s bundle.',
  },
  {
    target: [
      './src',
      './web-shared',
      './electron',
      './server',
      './shared',
      './scripts',
      './tools',
      './services',
      './fleet-console',
      './fleet-agent',
      './tests',
    ],
    from: './bench',
    message:
      'The bench measures the product from outside: nothing of the product or its tests imports it.',
  },
];

const noElectronModule = {
  'no-restricted-imports': [
    'error',
    {
      paths: [{ name: 'electron', message: RENDERER_ONLY }],
      patterns: [{ group: ['electron/*'], message: RENDERER_ONLY }],
    },
  ],
};

/** Flat-config entries with the layer rules; the import-x plugin and resolver are set by the caller. */
export const layerConfigs = [
  {
    files: ['**/*.{ts,tsx,mts}'],
    plugins: { cycles: cyclePlugin },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: LAYER_ZONES }],
      // import-x's no-cycle skips `import type`; this one follows every import form.
      'cycles/no-cycle': 'error',
    },
  },
  {
    // Browser and sandbox code: no Node built-ins (the renderer and shared also lack their types).
    files: [
      'src/**/*.{ts,tsx}',
      'web-shared/**/*.{ts,tsx}',
      'shared/**/*.ts',
      'electron/preload/**/*.ts',
    ],
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    // The console runs in the operator's browser; its tests run in Node and may check
    // signatures with node:crypto.
    files: ['fleet-console/**/*.{ts,tsx}'],
    ignores: ['fleet-console/**/*.test.{ts,tsx}', 'fleet-console/test/**'],
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    files: [
      'src/**/*.{ts,tsx}',
      'web-shared/**/*.{ts,tsx}',
      'shared/**/*.ts',
      'server/**/*.ts',
      'services/**/*.ts',
      'fleet-console/**/*.{ts,tsx}',
    ],
    rules: noElectronModule,
  },
  {
    // The simulator runs hundreds of kiosks' agents in one Node process, with no Electron.
    files: ['fleet-agent/**/*.ts', 'tools/simulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: AGENT_NO_ELECTRON }],
          patterns: [{ group: ['electron/*'], message: AGENT_NO_ELECTRON }],
        },
      ],
    },
  },
];
