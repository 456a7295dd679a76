/**
 * A command line's whole-number flag (`--port 9464`, `--seconds 30`), as every Node command
 * of the project reads one: the services' entries, the dev tools and the scripts. Plain
 * digits only, failing loudly instead of running with something unexpected.
 */

/** Reads a whole-number flag value, failing loudly instead of serving something unexpected. */
export function parseCount(name: string, raw: string | undefined, min = 0): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^[0-9]+$/.test(raw) || Number(raw) < min) {
    throw new Error(`--${name} must be a whole number ≥ ${min}, got "${raw}"`);
  }
  return Number(raw);
}
