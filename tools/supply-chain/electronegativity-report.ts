/**
 * Reads Electronegativity's SARIF report and splits findings into allowed and new ones.
 * The scanner exits 0 whatever it finds, so this is where the audit actually fails.
 *
 * An allow-list entry names the finding's own sample (the code or policy the scanner looked
 * at), not only its check and file: a new switch or a weaker CSP in an already listed file
 * is a new sample, so it fails the audit until someone reviews it.
 */
export interface Finding {
  check: string;
  /** SARIF level: "error" (HIGH), "warning" (MEDIUM) or "note" (LOW/INFO). */
  level: string;
  file: string;
  location: string;
  description: string;
  /**
   * What the scanner flagged, rebuilt from the scanned file: the trimmed source line (a
   * call wrapped over several lines is read to its end), or the policy text of a CSP meta
   * tag. null when it could not be rebuilt exactly; such a finding matches no entry.
   */
  sample: string | null;
}

export interface AllowListEntry {
  check: string;
  /** Project-relative path as the scanner prints it, or "N/A" for global checks. */
  file: string;
  /** The finding's sample, exactly (runs of whitespace count as one space). */
  sample: string;
  /** Why the finding is acceptable; an entry without one is rejected. */
  reason: string;
}

/** The text of a scanned file by its report path; null when it cannot be read. */
export type SourceReader = (file: string) => string | null;

interface SarifResult {
  ruleId?: unknown;
  level?: unknown;
  message?: { text?: unknown };
  locations?: {
    physicalLocation?: {
      artifactLocation?: { uri?: unknown };
      region?: { startLine?: unknown; startColumn?: unknown; charLength?: unknown };
    };
  }[];
}

interface Region {
  file: string;
  line: number;
  column: number;
  /** The length of the scanner's own sample; SARIF carries the length, not the text. */
  charLength: number;
}

const numberOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' ? value : fallback;

/** Global checks point at "file:///" (no file); they are reported as "N/A" like the CSV does. */
function regionOf(result: SarifResult): Region {
  const physical = result.locations?.[0]?.physicalLocation;
  const uri =
    typeof physical?.artifactLocation?.uri === 'string' ? physical.artifactLocation.uri : '';
  return {
    file: uri === '' || uri === 'file:///' ? 'N/A' : uri.replaceAll('\\', '/'),
    line: numberOr(physical?.region?.startLine, 0),
    column: numberOr(physical?.region?.startColumn, 0),
    charLength: numberOr(physical?.region?.charLength, -1),
  };
}

export const normaliseSample = (text: string): string => text.replace(/\s+/g, ' ').trim();

const SCRIPT_FILE = /\.(?:[cm]?[jt]sx?)$/i;

/** Open minus closed brackets in a line of code, not counting those inside quotes. */
function bracketDepth(line: string): number {
  let depth = 0;
  let quote: string | null = null;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quote !== null) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = null;
    } else if (char === "'" || char === '"' || char === '`') {
      quote = char;
    } else if (char === '(' || char === '[' || char === '{') {
      depth += 1;
    } else if (char === ')' || char === ']' || char === '}') {
      depth -= 1;
    }
  }
  return depth;
}

/** A call Prettier wrapped over several lines is one sample, not just its first line. */
function wholeStatement(lines: readonly string[], start: number): string {
  const parts: string[] = [];
  let depth = 0;
  for (let index = start; index < lines.length && index < start + 40; index += 1) {
    const line = lines[index] ?? '';
    parts.push(line.trim());
    depth += bracketDepth(line);
    if (depth <= 0) break;
  }
  return parts.join(' ');
}

const decodeHtml = (text: string): string =>
  text
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The `content` values of the tag that starts on `line` (a CSP meta tag's policy). */
function attributeValues(lines: readonly string[], start: number): string[] {
  const tag = lines.slice(start, start + 20).join('\n');
  const end = tag.indexOf('>');
  const head = end === -1 ? tag : tag.slice(0, end);
  return [...head.matchAll(/\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((match) =>
    decodeHtml(match[1] ?? match[2] ?? ''),
  );
}

/**
 * Rebuilds the scanner's sample: the trimmed line (what its atomic checks print), or a CSP
 * meta tag's policy (what its CSP check prints). SARIF gives the sample's length, so a
 * candidate counts only when its length agrees.
 */
export function sampleOf(region: Region, description: string, read: SourceReader): string | null {
  if (region.file === 'N/A') return normaliseSample(description);
  const text = read(region.file);
  if (text === null || region.line < 1) return null;
  const lines = text.split(/\r?\n/);
  const start = region.line - 1;
  const line = (lines[start] ?? '').trim();
  if (line.length === region.charLength) {
    return normaliseSample(SCRIPT_FILE.test(region.file) ? wholeStatement(lines, start) : line);
  }
  const policy = attributeValues(lines, start).find((value) => value.length === region.charLength);
  return policy === undefined ? null : normaliseSample(policy);
}

/**
 * Reads the SARIF report; `read` gives the scanned files' text for the samples. (Its CSV
 * output is not used: it breaks rows whose sample holds quotes, such as a CSP.)
 */
export function parseSarifReport(json: unknown, read: SourceReader): Finding[] {
  const runs = (json as { runs?: { results?: SarifResult[] }[] } | null)?.runs;
  if (!Array.isArray(runs)) throw new Error('Electronegativity report: not a SARIF log');
  return runs.flatMap((run) =>
    (run.results ?? []).map((result) => {
      const region = regionOf(result);
      const description = typeof result.message?.text === 'string' ? result.message.text : '';
      return {
        check: typeof result.ruleId === 'string' ? result.ruleId : 'UNKNOWN',
        level: typeof result.level === 'string' ? result.level : 'warning',
        file: region.file,
        location: `${region.line}:${region.column}`,
        description,
        sample: sampleOf(region, description, read),
      };
    }),
  );
}

export function parseAllowList(json: unknown): AllowListEntry[] {
  const entries = (json as { allow?: unknown } | null)?.allow;
  if (!Array.isArray(entries)) throw new Error('allow-list: expected {"allow": [...]}');
  return entries.map((entry: unknown, index) => {
    const record = (entry ?? {}) as Record<string, unknown>;
    const { check, file, sample, reason } = record;
    if (typeof check !== 'string' || typeof file !== 'string') {
      throw new Error(`allow-list entry ${index}: "check" and "file" are required`);
    }
    if (typeof sample !== 'string' || normaliseSample(sample) === '') {
      throw new Error(
        `allow-list entry ${index} (${check}): "sample" is required, the flagged code exactly`,
      );
    }
    if (typeof reason !== 'string' || reason.trim().length < 10) {
      throw new Error(`allow-list entry ${index} (${check}): a reason is required`);
    }
    return { check, file, sample: normaliseSample(sample), reason };
  });
}

export function isAllowed(finding: Finding, entry: AllowListEntry): boolean {
  return (
    entry.check === finding.check &&
    entry.file === finding.file &&
    finding.sample !== null &&
    entry.sample === finding.sample
  );
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
