import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  kioskContentSecurityPolicy,
  rewriteCspMeta,
} from '../../../electron/main/app-protocol/app-files';
import { APP_API_PATH } from '../../../electron/main/app-protocol/app-origin';
import {
  auditFindings,
  parseAllowList,
  parseSarifReport,
  type SourceReader,
} from '../../../tools/supply-chain/electronegativity-report';

const root = process.cwd();
const SERVED = 'served/index.html';
/**
 * The policy scripts/supply-chain/audit-electron.ts stages the served page with: the embedded
 * catalogue's.
 */
const STAGED_CSP = kioskContentSecurityPolicy(APP_API_PATH);

type Files = Record<string, string>;

const reader =
  (files: Files): SourceReader =>
  (file) =>
    files[file] ?? null;

/** The project's files as scripts/supply-chain/audit-electron.ts stages them for the scanner. */
function stagedProject(): Files {
  const html = readFileSync(join(root, 'src', 'index.html'), 'utf8');
  return {
    'electron/main/index.ts': readFileSync(join(root, 'electron/main/index.ts'), 'utf8'),
    'electron/main/window.ts': readFileSync(join(root, 'electron/main/window.ts'), 'utf8'),
    [SERVED]: rewriteCspMeta(html, STAGED_CSP),
  };
}

/**
 * A SARIF result as Electronegativity 1.10.3 writes it: the line and column of the node,
 * and the length of its sample (the trimmed line, or the policy of a CSP meta tag).
 */
function resultAt(check: string, file: string, line: number, column: number, charLength: number) {
  return {
    ruleId: check,
    level: 'warning',
    message: { text: `${check} finding` },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: file },
          region: { startLine: line, startColumn: column, charLength },
        },
      },
    ],
  };
}

/**
 * The result for the last line of `file` that is `needle` (trimmed), else the last that
 * contains it: a wrapped call's first line, `app.commandLine.appendSwitch(`, is also part of
 * every one-line switch after it.
 */
function result(
  check: string,
  files: Files,
  file: string,
  needle: string,
  charLength?: number,
): object {
  const lines = (files[file] ?? '').split('\n');
  const exact = lines.findLastIndex((line) => line.trim() === needle);
  const index = exact === -1 ? lines.findLastIndex((line) => line.includes(needle)) : exact;
  if (index === -1) throw new Error(`${needle} is not in ${file}`);
  const line = lines[index] ?? '';
  const column = line.length - line.trimStart().length + 1;
  return resultAt(check, file, index + 1, column, charLength ?? line.trim().length);
}

const sarif = (...results: object[]) => ({ runs: [{ results }] });

/**
 * What the scanner reports for the project as it stands (see the audit table of docs/supply-chain.md). The
 * served policy draws no finding: it names no plain-http source and no 'self' for scripts,
 * and the shop window's preload, passed to the one locked-down window call, draws none.
 */
function currentFindings(files: Files): object[] {
  return [
    result(
      'CUSTOM_ARGUMENTS_JS_CHECK',
      files,
      'electron/main/index.ts',
      "'OverscrollHistoryNavigation');",
    ),
  ];
}

function projectAllowList() {
  return parseAllowList(
    JSON.parse(readFileSync(join(root, 'electron', 'security-allowlist.json'), 'utf8')),
  );
}

function audit(files: Files, results: object[]) {
  return auditFindings(parseSarifReport(sarif(...results), reader(files)), projectAllowList());
}

/** The project's main process with one more line right after the allowed switch. */
function withExtraLine(extra: string): Files {
  const files = stagedProject();
  const allowed =
    "app.commandLine.appendSwitch('disable-features', 'OverscrollHistoryNavigation');";
  const source = files['electron/main/index.ts'] ?? '';
  expect(source).toContain(allowed);
  files['electron/main/index.ts'] = source.replace(allowed, `${allowed}\n${extra}`);
  return files;
}

describe('the Electronegativity audit', () => {
  it('reads findings and rebuilds their samples from the scanned files', () => {
    const files = stagedProject();
    const preload = result(
      'PRELOAD_JS_CHECK',
      files,
      'electron/main/window.ts',
      'preload: preloadPath',
    );
    const findings = parseSarifReport(sarif(...currentFindings(files), preload), reader(files));
    expect(findings.map(({ check, file, sample }) => ({ check, file, sample }))).toEqual([
      {
        check: 'CUSTOM_ARGUMENTS_JS_CHECK',
        file: 'electron/main/index.ts',
        sample: "app.commandLine.appendSwitch('disable-features', 'OverscrollHistoryNavigation');",
      },
      {
        check: 'PRELOAD_JS_CHECK',
        file: 'electron/main/window.ts',
        sample: 'preload: preloadPath,',
      },
    ]);
  });

  it('passes the project as it stands: every current finding is listed with its sample', () => {
    const files = stagedProject();
    const outcome = audit(files, currentFindings(files));
    expect(outcome.rejected).toEqual([]);
    expect(outcome.unusedEntries).toEqual([]);
    expect(outcome.allowed).toHaveLength(1);
  });

  it.each([
    "app.commandLine.appendSwitch('remote-debugging-port', '9222');",
    "app.commandLine.appendSwitch('no-sandbox');",
    "app.commandLine.appendSwitch('disable-features', 'OverscrollHistoryNavigation,SitePerProcess');",
  ])('fails on a new switch in the listed file: %s', (line) => {
    const files = withExtraLine(line);
    const added = result('CUSTOM_ARGUMENTS_JS_CHECK', files, 'electron/main/index.ts', line);
    const outcome = audit(files, [...currentFindings(files), added]);
    expect(outcome.rejected.map((finding) => finding.sample)).toEqual([line]);
  });

  it('fails on a switch Prettier wrapped over several lines', () => {
    const wrapped = [
      'app.commandLine.appendSwitch(',
      "  'remote-debugging-port',",
      "  '9222',",
      ');',
    ];
    const files = withExtraLine(wrapped.join('\n'));
    const added = result('CUSTOM_ARGUMENTS_JS_CHECK', files, 'electron/main/index.ts', wrapped[0]!);
    const outcome = audit(files, [...currentFindings(files), added]);
    expect(outcome.rejected.map((finding) => finding.sample)).toEqual([
      "app.commandLine.appendSwitch( 'remote-debugging-port', '9222', );",
    ]);
  });

  it('fails when a second switch joins the allowed one on its line', () => {
    const files = stagedProject();
    const allowed =
      "app.commandLine.appendSwitch('disable-features', 'OverscrollHistoryNavigation');";
    files['electron/main/index.ts'] = (files['electron/main/index.ts'] ?? '').replace(
      allowed,
      `${allowed} app.commandLine.appendSwitch('no-sandbox');`,
    );
    const outcome = audit(files, currentFindings(files));
    expect(outcome.rejected.map((finding) => finding.check)).toEqual(['CUSTOM_ARGUMENTS_JS_CHECK']);
  });

  it('fails on a weaker Content-Security-Policy in the served page', () => {
    const weak = STAGED_CSP.replace(
      /script-src [^;]*/,
      "script-src 'self' 'unsafe-eval' 'unsafe-inline' *",
    );
    expect(weak).not.toBe(STAGED_CSP);
    const files = stagedProject();
    files[SERVED] = rewriteCspMeta(readFileSync(join(root, 'src', 'index.html'), 'utf8'), weak);
    const weakFinding = result(
      'CSP_GLOBAL_CHECK',
      files,
      SERVED,
      'Content-Security-Policy',
      weak.length,
    );
    const outcome = audit(files, [...currentFindings(files), weakFinding]);
    expect(outcome.rejected.map((finding) => [finding.check, finding.sample])).toEqual([
      ['CSP_GLOBAL_CHECK', weak],
    ]);
  });

  it('matches no entry when the sample cannot be rebuilt exactly', () => {
    const files = stagedProject();
    const [switches] = currentFindings(files);
    const wrongLength = result(
      'PRELOAD_JS_CHECK',
      files,
      'electron/main/window.ts',
      'preload:',
      99,
    );
    files['electron/main/gone.ts'] = files['electron/main/window.ts'] ?? '';
    const unreadable = result('PRELOAD_JS_CHECK', files, 'electron/main/gone.ts', 'preload:');
    const outcome = audit(files, [switches!, wrongLength]);
    expect(outcome.rejected.map((finding) => finding.sample)).toEqual([null]);
    const { ['electron/main/gone.ts']: _gone, ...without } = files;
    expect(audit(without, [unreadable]).rejected.map((finding) => finding.sample)).toEqual([null]);
  });

  it('does not let an entry for one file excuse the same line elsewhere', () => {
    const files = stagedProject();
    files['electron/main/other.ts'] = files['electron/main/index.ts'] ?? '';
    const moved = result(
      'CUSTOM_ARGUMENTS_JS_CHECK',
      files,
      'electron/main/other.ts',
      "'disable-features'",
    );
    expect(audit(files, [moved]).rejected).toHaveLength(1);
  });

  it('uses the message as the sample of a global finding without a file', () => {
    const global = {
      ruleId: 'LIMIT_NAVIGATION_GLOBAL_CHECK',
      level: 'error',
      message: { text: 'Missing navigation limits' },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'file:///' },
            region: { startLine: 1, startColumn: 1, charLength: 0 },
          },
        },
      ],
    };
    expect(parseSarifReport(sarif(global), reader({}))).toEqual([
      {
        check: 'LIMIT_NAVIGATION_GLOBAL_CHECK',
        level: 'error',
        file: 'N/A',
        location: '1:1',
        description: 'Missing navigation limits',
        sample: 'Missing navigation limits',
      },
    ]);
    expect(audit({}, [global]).rejected).toHaveLength(1);
  });

  it('rejects allow-list entries without a sample or a reason', () => {
    const entry = { check: 'X', file: 'y.ts', sample: 'x();', reason: 'Reviewed: harmless.' };
    expect(parseAllowList({ allow: [entry] })).toEqual([entry]);
    expect(() => parseAllowList({ allow: [{ ...entry, sample: undefined }] })).toThrow(
      /"sample" is required/,
    );
    expect(() => parseAllowList({ allow: [{ ...entry, sample: '  ' }] })).toThrow(
      /"sample" is required/,
    );
    expect(() => parseAllowList({ allow: [{ ...entry, reason: undefined }] })).toThrow(
      /reason is required/,
    );
    expect(() => parseAllowList({ allow: [{ ...entry, reason: 'ok' }] })).toThrow(
      /reason is required/,
    );
    expect(() => parseAllowList([])).toThrow(/expected/);
  });

  it('keeps the project allow-list valid, every entry with a sample and a reason', () => {
    expect(
      projectAllowList()
        .map((entry) => entry.check)
        .sort(),
    ).toEqual(['CUSTOM_ARGUMENTS_JS_CHECK']);
  });
});
