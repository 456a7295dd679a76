/**
 * Reads Electronegativity's SARIF report and splits findings into allowed and new ones.
 * The scanner exits 0 whatever it finds, so this is where the audit actually fails.
 */
export interface Finding {
  check: string;
  /** SARIF level: "error" (HIGH), "warning" (MEDIUM) or "note" (LOW/INFO). */
  level: string;
  file: string;
  location: string;
  description: string;
}

export interface AllowListEntry {
  check: string;
  /** Project-relative path as the scanner prints it, or "N/A" for global checks. */
  file: string;
  /** Why the finding is acceptable; an entry without one is rejected. */
  reason: string;
}

interface SarifResult {
  ruleId?: unknown;
  level?: unknown;
  message?: { text?: unknown };
  locations?: {
    physicalLocation?: {
      artifactLocation?: { uri?: unknown };
      region?: { startLine?: unknown; startColumn?: unknown };
    };
  }[];
}

/** Global checks point at "file:///" (no file); they are reported as "N/A" like the CSV does. */
function locationOf(result: SarifResult): { file: string; location: string } {
  const physical = result.locations?.[0]?.physicalLocation;
  const uri =
    typeof physical?.artifactLocation?.uri === 'string' ? physical.artifactLocation.uri : '';
  const file = uri === '' || uri === 'file:///' ? 'N/A' : uri.replaceAll('\\', '/');
  const line = typeof physical?.region?.startLine === 'number' ? physical.region.startLine : 0;
  const column =
    typeof physical?.region?.startColumn === 'number' ? physical.region.startColumn : 0;
  return { file, location: `${line}:${column}` };
}

/**
 * Reads the SARIF report. (Its CSV output is not used: it breaks rows whose sample holds
 * quotes, such as a Content-Security-Policy.)
 */
export function parseSarifReport(json: unknown): Finding[] {
  const runs = (json as { runs?: { results?: SarifResult[] }[] } | null)?.runs;
  if (!Array.isArray(runs)) throw new Error('Electronegativity report: not a SARIF log');
  return runs.flatMap((run) =>
    (run.results ?? []).map((result) => ({
      check: typeof result.ruleId === 'string' ? result.ruleId : 'UNKNOWN',
      level: typeof result.level === 'string' ? result.level : 'warning',
      ...locationOf(result),
      description: typeof result.message?.text === 'string' ? result.message.text : '',
    })),
  );
}

export function parseAllowList(json: unknown): AllowListEntry[] {
  const entries = (json as { allow?: unknown } | null)?.allow;
  if (!Array.isArray(entries)) throw new Error('allow-list: expected {"allow": [...]}');
  return entries.map((entry: unknown, index) => {
    const record = (entry ?? {}) as Record<string, unknown>;
    const { check, file, reason } = record;
    if (typeof check !== 'string' || typeof file !== 'string') {
      throw new Error(`allow-list entry ${index}: "check" and "file" are required`);
    }
    if (typeof reason !== 'string' || reason.trim().length < 10) {
      throw new Error(`allow-list entry ${index} (${check}): a reason is required`);
    }
    return { check, file, reason };
  });
}

export function isAllowed(finding: Finding, entry: AllowListEntry): boolean {
  return entry.check === finding.check && entry.file === finding.file;
}

export interface AuditResult {
  allowed: { finding: Finding; entry: AllowListEntry }[];
  rejected: Finding[];
  unusedEntries: AllowListEntry[];
}

export function auditFindings(findings: Finding[], allowList: AllowListEntry[]): AuditResult {
  const result: AuditResult = { allowed: [], rejected: [], unusedEntries: [] };
  const used = new Set<AllowListEntry>();
  for (const finding of findings) {
    const entry = allowList.find((candidate) => isAllowed(finding, candidate));
    if (entry) {
      used.add(entry);
      result.allowed.push({ finding, entry });
    } else {
      result.rejected.push(finding);
    }
  }
  result.unusedEntries = allowList.filter((entry) => !used.has(entry));
  return result;
}
