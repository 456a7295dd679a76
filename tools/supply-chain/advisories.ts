/**
 * The audit's decision, kept apart from the network: the request for the npm registry's
 * bulk advisory endpoint (`POST /-/npm/v1/security/advisories/bulk`, body
 * `{ name: [versions] }`), the reading of its answer (`{ name: [advisory, …] }`, each with
 * `id`, `url`, `title`, `severity` and `vulnerable_versions`, as npm's own audit reads it),
 * and which advisories fail the gate. The answer may list advisories for versions other
 * than the ones asked about, so each range is checked against the shipped version here.
 */
import { rangeIncludes } from './version-range';

/** The npm severities are info, low, moderate, high and critical. High and critical fail the gate; so does a severity this code does not know. */
const PASSING = new Set<string>(['info', 'low', 'moderate']);

export interface AuditedPackage {
  name: string;
  version: string;
  /** Where it ships: builds (`renderer`, `web`, …) or the installer. */
  shippedIn: readonly string[];
}

export interface Advisory {
  id: string;
  url: string;
  title: string;
  severity: string;
  vulnerableVersions: string;
}

export interface Finding {
  pkg: AuditedPackage;
  advisory: Advisory;
  /** False when the range could not be read, so the advisory was counted as affecting it. */
  rangeUnderstood: boolean;
}

export interface AuditOutcome {
  failing: Finding[];
  /** Advisories below high that affect a shipped version: reported, not failing. */
  lower: Finding[];
}

export function bulkRequestBody(packages: readonly AuditedPackage[]): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  for (const { name, version } of packages) {
    const versions = (body[name] ??= []);
    if (!versions.includes(version)) versions.push(version);
  }
  for (const versions of Object.values(body)) versions.sort();
  return body;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

function parseAdvisory(value: unknown, where: string): Advisory {
  const entry = value as Record<string, unknown> | null;
  if (typeof entry !== 'object' || entry === null) throw new Error(`${where} is not an object`);
  const severity = text(entry.severity);
  const vulnerableVersions = text(entry.vulnerable_versions);
  if (severity === null || vulnerableVersions === null) {
    throw new Error(`${where} has no severity or vulnerable_versions`);
  }
  return {
    id: text(entry.id) ?? '(no id)',
    url: text(entry.url) ?? '',
    title: text(entry.title) ?? '(no title)',
    severity: severity.toLowerCase(),
    vulnerableVersions,
  };
}

/** The endpoint's answer, or an error: an answer we cannot read is no clean bill of health. */
export function parseBulkResponse(value: unknown): Map<string, Advisory[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('the advisory answer is not a JSON object keyed by package name');
  }
  const advisories = new Map<string, Advisory[]>();
  for (const [name, list] of Object.entries(value as Record<string, unknown>)) {
    if (!Array.isArray(list)) throw new Error(`the advisories for ${name} are not a list`);
    advisories.set(
      name,
      list.map((entry, index) => parseAdvisory(entry, `advisory ${index} for ${name}`)),
    );
  }
  return advisories;
}

export function isFailingSeverity(severity: string): boolean {
  return !PASSING.has(severity);
}

export function auditOutcome(
  packages: readonly AuditedPackage[],
  advisories: ReadonlyMap<string, readonly Advisory[]>,
): AuditOutcome {
  const outcome: AuditOutcome = { failing: [], lower: [] };
  for (const pkg of packages) {
    for (const advisory of advisories.get(pkg.name) ?? []) {
      const included = rangeIncludes(advisory.vulnerableVersions, pkg.version);
      if (included === false) continue;
      const finding = { pkg, advisory, rangeUnderstood: included !== null };
      (isFailingSeverity(advisory.severity) ? outcome.failing : outcome.lower).push(finding);
    }
  }
  return outcome;
}

/** One line per finding: what, which version, where it ships, and where to read more. */
export function describeFinding({ pkg, advisory, rangeUnderstood }: Finding): string {
  const range = rangeUnderstood
    ? `vulnerable ${advisory.vulnerableVersions}`
    : `range "${advisory.vulnerableVersions}" not understood, counted as affected`;
  return (
    `${advisory.severity.toUpperCase()} ${pkg.name}@${pkg.version} (${pkg.shippedIn.join(', ')}): ` +
    `${advisory.title} [${advisory.id}] ${advisory.url} (${range})`
  );
}
