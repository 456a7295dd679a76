import { fileURLToPath } from 'node:url';

/** Reads a whole-number flag value, failing loudly instead of serving something unexpected. */
export function parseCount(name: string, raw: string | undefined, min = 0): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^[0-9]+$/.test(raw) || Number(raw) < min) {
    throw new Error(`--${name} must be a whole number ≥ ${min}, got "${raw}"`);
  }
  return Number(raw);
}

/** The repository root, found from this file so scripts work from any working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
