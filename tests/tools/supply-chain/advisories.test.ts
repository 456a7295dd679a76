import { describe, expect, it } from 'vitest';
import {
  auditOutcome,
  bulkRequestBody,
  describeFinding,
  isFailingSeverity,
  parseBulkResponse,
  type Advisory,
  type AuditedPackage,
} from '../../../tools/supply-chain/advisories';

const react: AuditedPackage = { name: 'react', version: '18.3.1', shippedIn: ['renderer', 'web'] };
const zod: AuditedPackage = { name: 'zod', version: '4.6.7', shippedIn: ['main'] };

const advisory = (overrides: Partial<Advisory> = {}): Advisory => ({
  id: '1099',
  url: 'https://github.com/advisories/GHSA-xxxx',
  title: 'Prototype pollution',
  severity: 'high',
  vulnerableVersions: '<18.3.2',
  ...overrides,
});

describe('the bulk advisory request', () => {
  it('asks about each shipped version once, by package name', () => {
    const older = { ...react, version: '17.0.2' };
    expect(bulkRequestBody([react, zod, older, react])).toEqual({
      react: ['17.0.2', '18.3.1'],
      zod: ['4.6.7'],
    });
  });
});

describe('the bulk advisory answer', () => {
  it('reads the fields npm audit reads', () => {
    const parsed = parseBulkResponse({
      react: [
        {
          id: 1099,
          url: 'https://github.com/advisories/GHSA-xxxx',
          title: 'Prototype pollution',
          severity: 'HIGH',
          vulnerable_versions: '<18.3.2',
          cwe: ['CWE-1321'],
        },
      ],
      zod: [],
    });
    expect(parsed.get('react')).toEqual([advisory()]);
    expect(parsed.get('zod')).toEqual([]);
    expect(parseBulkResponse({}).size).toBe(0);
  });

  it('refuses an answer it cannot read, rather than calling it clean', () => {
    for (const garbage of [null, [], 'ok', 42]) {
      expect(() => parseBulkResponse(garbage)).toThrow('not a JSON object');
    }
    expect(() => parseBulkResponse({ react: { severity: 'high' } })).toThrow(
      'advisories for react are not a list',
    );
    expect(() => parseBulkResponse({ react: [null] })).toThrow('advisory 0 for react');
    expect(() => parseBulkResponse({ react: [{ severity: 'high' }] })).toThrow(
      'no severity or vulnerable_versions',
    );
  });
});

describe('the gate', () => {
  it('fails on high, critical and unknown severities only', () => {
    for (const severity of ['high', 'critical', 'severe'])
      expect(isFailingSeverity(severity)).toBe(true);
    for (const severity of ['info', 'low', 'moderate'])
      expect(isFailingSeverity(severity)).toBe(false);
  });

  it('fails on a high advisory whose range includes the shipped version', () => {
    const outcome = auditOutcome([react, zod], new Map([['react', [advisory()]]]));
    expect(outcome.failing).toEqual([{ pkg: react, advisory: advisory(), rangeUnderstood: true }]);
    expect(outcome.lower).toEqual([]);
  });

  it('passes advisories for other versions, and reports lower ones without failing', () => {
    const outcome = auditOutcome(
      [react],
      new Map([
        [
          'react',
          [
            advisory({ vulnerableVersions: '<16.0.0' }),
            advisory({ severity: 'moderate', title: 'Minor leak' }),
          ],
        ],
      ]),
    );
    expect(outcome.failing).toEqual([]);
    expect(outcome.lower.map((finding) => finding.advisory.title)).toEqual(['Minor leak']);
  });

  it('counts a range it cannot read as affecting the shipped version', () => {
    const outcome = auditOutcome(
      [react],
      new Map([['react', [advisory({ severity: 'critical', vulnerableVersions: '^18.0.0' })]]]),
    );
    expect(outcome.failing).toHaveLength(1);
    expect(outcome.failing[0]?.rangeUnderstood).toBe(false);
    expect(describeFinding(outcome.failing[0]!)).toContain(
      'range "^18.0.0" not understood, counted as affected',
    );
  });

  it('names the package, its version, where it ships and the advisory', () => {
    expect(describeFinding({ pkg: react, advisory: advisory(), rangeUnderstood: true })).toBe(
      'HIGH react@18.3.1 (renderer, web): Prototype pollution [1099] ' +
        'https://github.com/advisories/GHSA-xxxx (vulnerable <18.3.2)',
    );
  });
});
