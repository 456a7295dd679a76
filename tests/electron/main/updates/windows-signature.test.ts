/**
 * The Windows installer check, with PowerShell stood in for: it refuses whenever it cannot
 * say yes (no PowerShell, an error, an answer it cannot read, another file, another
 * signer), and a publisher must be named by its full subject.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  authenticodeVerifier,
  parseDistinguishedName,
  publisherProblem,
  type RunPowerShell,
} from '../../../../electron/main/updates/windows-signature';

const SUBJECT = 'CN=Kiosk Shop Ltd, O=Kiosk Shop Ltd, L=London, C=GB';
const FILE = 'C:\\Users\\kiosk\\AppData\\Local\\kiosk-shop-updater\\pending\\Setup.exe';

const answering =
  (report: unknown, stderr = ''): RunPowerShell =>
  () =>
    Promise.resolve({ error: null, stdout: JSON.stringify(report), stderr });

describe('the Windows installer signature check', () => {
  it('reads distinguished names, quoted parts too, and refuses what it cannot read', () => {
    expect(parseDistinguishedName(SUBJECT)).toEqual(
      new Map([
        ['CN', 'Kiosk Shop Ltd'],
        ['O', 'Kiosk Shop Ltd'],
        ['L', 'London'],
        ['C', 'GB'],
      ]),
    );
    expect(parseDistinguishedName('CN=Kiosk, O="Shop, Ltd"')?.get('O')).toBe('Shop, Ltd');
    expect(parseDistinguishedName('Kiosk Shop Ltd')).toBeNull();
    expect(parseDistinguishedName('CN=a, CN=b')).toBeNull();
    expect(publisherProblem('Kiosk Shop Ltd')).toMatch(/full subject/);
    expect(publisherProblem('CN=Kiosk Shop Ltd')).toMatch(/full subject/);
    expect(publisherProblem(SUBJECT)).toBeNull();
  });

  it('never throws on any subject text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        expect(() => parseDistinguishedName(text)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('takes a valid signature of this file by the whole subject', async () => {
    const verify = authenticodeVerifier(
      answering({ Status: 0, Path: FILE, SignerCertificate: { Subject: SUBJECT } }),
    );
    await expect(verify([SUBJECT], FILE)).resolves.toBeNull();
  });

  it.each([
    ['PowerShell cannot start', () => Promise.reject(new Error('ENOENT')), /could not run/],
    [
      'PowerShell fails',
      () =>
        Promise.resolve({
          error: new Error('Command failed'),
          stdout: '',
          stderr: '',
        }),
      /could not run/,
    ],
    ['PowerShell complains', answering({}, 'AuthorizationManager check failed.'), /could not run/],
    [
      'an unreadable answer',
      () => Promise.resolve({ error: null, stdout: 'not json', stderr: '' }),
      /no readable answer/,
    ],
    [
      'no signature',
      answering({ Status: 2, Path: FILE, SignerCertificate: null }),
      /not validly signed/,
    ],
    [
      'another file',
      answering({ Status: 0, Path: 'C:\\other.exe', SignerCertificate: { Subject: SUBJECT } }),
      /another file/,
    ],
    [
      'a signer with the same name only',
      answering({
        Status: 0,
        Path: FILE,
        SignerCertificate: { Subject: 'CN=Kiosk Shop Ltd, O=Somebody, C=US' },
      }),
      /not by update\.publisherName/,
    ],
  ])('refuses when %s', async (_name, run, reason) => {
    await expect(authenticodeVerifier(run)([SUBJECT], FILE)).resolves.toMatch(reason);
  });

  it('refuses a bare publisher name without asking PowerShell', async () => {
    let asked = false;
    const run: RunPowerShell = () => {
      asked = true;
      return Promise.resolve({ error: null, stdout: '', stderr: '' });
    };
    await expect(authenticodeVerifier(run)(['Kiosk Shop Ltd'], FILE)).resolves.toMatch(
      /full subject/,
    );
    expect(asked).toBe(false);
  });

  it('keeps the file one PowerShell string, whatever its name holds', async () => {
    let command = '';
    const run: RunPowerShell = (text) => {
      command = text;
      return Promise.resolve({ error: null, stdout: '{}', stderr: '' });
    };
    await authenticodeVerifier(run)([SUBJECT], "C:\\it's';calc;'.exe");
    expect(command).toContain("-LiteralPath 'C:\\it''s'';calc;''.exe'");
  });
});
