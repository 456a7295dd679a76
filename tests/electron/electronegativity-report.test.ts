import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  auditFindings,
  parseAllowList,
  parseSarifReport,
} from '../../scripts/electronegativity-report';

const sarif = {
  runs: [
    {
      results: [
        {
          ruleId: 'PRELOAD_JS_CHECK',
          level: 'note',
          message: { text: 'Review the use of preload scripts' },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: 'electron/main/window.ts' },
                region: { startLine: 67, startColumn: 7 },
              },
            },
          ],
        },
        {
          ruleId: 'LIMIT_NAVIGATION_GLOBAL_CHECK',
          level: 'error',
          message: { text: 'Missing navigation limits' },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: 'file:///' },
                region: { startLine: 1, startColumn: 1 },
              },
            },
          ],
        },
      ],
    },
  ],
};

describe('the Electronegativity audit', () => {
  it('reads findings from the SARIF report', () => {
    expect(parseSarifReport(sarif)).toEqual([
      {
        check: 'PRELOAD_JS_CHECK',
        level: 'note',
        file: 'electron/main/window.ts',
        location: '67:7',
        description: 'Review the use of preload scripts',
      },
      {
        check: 'LIMIT_NAVIGATION_GLOBAL_CHECK',
        level: 'error',
        file: 'N/A',
        location: '1:1',
        description: 'Missing navigation limits',
      },
    ]);
  });

  it('fails on a finding the allow-list does not name', () => {
    const allow = parseAllowList({
      allow: [
        {
          check: 'PRELOAD_JS_CHECK',
          file: 'electron/main/window.ts',
          reason: 'Sandboxed preload, three named functions.',
        },
      ],
    });
    const result = auditFindings(parseSarifReport(sarif), allow);
    expect(result.allowed.map((entry) => entry.finding.check)).toEqual(['PRELOAD_JS_CHECK']);
    expect(result.rejected.map((finding) => finding.check)).toEqual([
      'LIMIT_NAVIGATION_GLOBAL_CHECK',
    ]);
  });

  it('does not let an entry for one file excuse the same check elsewhere', () => {
    const allow = parseAllowList({
      allow: [
        {
          check: 'PRELOAD_JS_CHECK',
          file: 'electron/main/other.ts',
          reason: 'A different window entirely.',
        },
      ],
    });
    const result = auditFindings(parseSarifReport(sarif), allow);
    expect(result.rejected).toHaveLength(2);
    expect(result.unusedEntries).toHaveLength(1);
  });

  it('rejects allow-list entries without a reason', () => {
    expect(() => parseAllowList({ allow: [{ check: 'X', file: 'y.ts' }] })).toThrow(
      /reason is required/,
    );
    expect(() => parseAllowList({ allow: [{ check: 'X', file: 'y.ts', reason: 'ok' }] })).toThrow(
      /reason is required/,
    );
    expect(() => parseAllowList([])).toThrow(/expected/);
  });

  it('keeps the project allow-list valid, every entry with a reason', () => {
    const json: unknown = JSON.parse(
      readFileSync(join(process.cwd(), 'electron', 'security-allowlist.json'), 'utf8'),
    );
    const entries = parseAllowList(json);
    expect(entries.map((entry) => entry.check).sort()).toEqual([
      'CSP_GLOBAL_CHECK',
      'CUSTOM_ARGUMENTS_JS_CHECK',
      'PRELOAD_JS_CHECK',
    ]);
  });
});
