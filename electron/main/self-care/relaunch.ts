/**
 * How the kiosk starts itself again (self-healing, refused switches): the same arguments,
 * minus the ones the caller drops, and never a secret on the new command line, where every
 * account on the machine could read it (/proc/<pid>/cmdline, Task Manager).
 */
import type { App } from 'electron';

/** Flags whose value is a secret, and the variable that carries it across a relaunch. */
const SECRET_FLAGS: Readonly<Record<string, string>> = { 'staff-pin': 'SHOP_STAFF_PIN' };

export interface RelaunchPlan {
  /** The new command line, without the executable. */
  args: string[];
  /** Secrets moved off the command line into the new process's environment. */
  env: Record<string, string>;
}

export interface RelaunchOptions {
  /** Arguments to leave out, e.g. a refused switch or an old attempt counter. */
  drop?: (arg: string) => boolean;
  /** Arguments to add at the end. */
  add?: readonly string[];
}

/** Which secret flag `arg` is (`--staff-pin=…` or a bare `--staff-pin`), if any. */
function secretFlagOf(arg: string): string | undefined {
  return Object.keys(SECRET_FLAGS).find(
    (flag) => arg === `--${flag}` || arg.startsWith(`--${flag}=`),
  );
}

export function planRelaunch(argv: readonly string[], options: RelaunchOptions = {}): RelaunchPlan {
  const { drop = () => false, add = [] } = options;
  const args: string[] = [];
  const env: Record<string, string> = {};
  const rest = argv.slice(1);
  for (let index = 0; index < rest.length; index += 1) {
    const arg = rest[index] ?? '';
    const flag = secretFlagOf(arg);
    if (flag !== undefined) {
      let value = arg.slice(flag.length + 3);
      if (arg === `--${flag}`) {
        // `--staff-pin 2468`: the value is the next argument (as config.ts readFlag reads it).
        const next = rest[index + 1];
        value = next !== undefined && !next.startsWith('--') ? next : '';
        if (value !== '') index += 1;
      }
      const variable = SECRET_FLAGS[flag];
      // The first occurrence is the one config.ts uses.
      if (variable !== undefined && !(variable in env)) env[variable] = value;
      continue;
    }
    if (!drop(arg)) args.push(arg);
  }
  return { args: [...args, ...add], env };
}

/**
 * Schedules the new process. From an AppImage, process.execPath lies inside a mount that
 * disappears when this process exits, so the AppImage itself is started instead.
 */
export function relaunchApp(
  app: Pick<App, 'relaunch'>,
  plan: RelaunchPlan,
  env: Record<string, string | undefined> = process.env,
): void {
  Object.assign(env, plan.env);
  const appImage = env.APPIMAGE;
  app.relaunch({ args: plan.args, ...(appImage ? { execPath: appImage } : {}) });
}
