/**
 * A script built apart from the app, with the web build's own texts, JSX and rules but none
 * of the app's chunks: it must not wait for, nor bring, the app's code. Used for the scripts
 * a page runs before the app (the web build's early paint, the kiosk's launch screen).
 */
import { build, type Plugin, type PluginOption, type Rolldown, type UserConfig } from 'vite';

/** Of the renderer's plugins, those such a script's code needs: its texts, its JSX. */
const APART_PLUGINS = /^(shop-compiled-messages$|vite:react)/;

function pluginsNamed(options: PluginOption[] | undefined, name: RegExp): Plugin[] {
  return (options ?? [])
    .flat(Infinity as 1)
    .filter(
      (plugin): plugin is Plugin =>
        typeof plugin === 'object' && plugin !== null && 'name' in plugin,
    )
    .filter((plugin) => name.test(plugin.name));
}

export interface ApartScript {
  /** The module it starts from. */
  entry: string;
  /** Its file name pattern in the build, e.g. `assets/early-cards-[hash].js`. */
  fileName: string;
  /** A module the page imports ('es'), or a classic script the parser runs ('iife'). */
  format: 'es' | 'iife';
}

/** Builds the script (not written: the renderer's build emits it); returns its one chunk. */
export async function buildApart(
  config: UserConfig,
  script: ApartScript,
): Promise<Rolldown.OutputChunk> {
  const output = (await build({
    configFile: false,
    root: config.root,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    plugins: pluginsNamed(config.plugins, APART_PLUGINS),
    resolve: config.resolve,
    define: config.define,
    build: {
      write: false,
      copyPublicDir: false,
      minify: true,
      modulePreload: false,
      reportCompressedSize: false,
      rolldownOptions: {
        // The app's rule that its features run nothing when imported (vite.web.config.mts).
        treeshake: config.build?.rolldownOptions?.treeshake,
        input: script.entry,
        output: { format: script.format, entryFileNames: script.fileName },
      },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((each) => each.output);
  const [entry, ...others] = chunks;
  if (entry?.type !== 'chunk' || !entry.isEntry || others.some((each) => each.type === 'chunk')) {
    throw new Error(`${script.entry} must build into one script of its own`);
  }
  return entry;
}
