/**
 * `--help` as every Node command of the project reads it (the scripts, the services'
 * entries, the dev tools): anywhere on the line, or -h. Asked, a command prints its usage
 * and exits 0 before anything is built, started or written.
 */
export function helpAsked(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}
