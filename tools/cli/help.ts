/**
 * What the scripts do when asked `--help`: print their usage on stdout and exit 0, before
 * anything is built, started or written, so asking what a command does never does it.
 */
import { helpAsked } from '../../shared/help-flag';

/** Prints `usage` and exits when the command line asks for help; returns otherwise. */
export function exitOnHelp(usage: string, argv: readonly string[] = process.argv.slice(2)): void {
  if (!helpAsked(argv)) return;
  console.log(usage.trimEnd());
  process.exit(0);
}
