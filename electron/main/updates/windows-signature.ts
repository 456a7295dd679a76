/**
 * Windows: the Authenticode check of a downloaded installer, in place of electron-updater's
 * own (its verifyUpdateCodeSignature hook). Two things differ, both failing closed:
 *
 * - A check that cannot run (PowerShell blocked, missing, timed out, or answering
 *   something unreadable) refuses the update; electron-updater's passes it.
 * - update.publisherName must be the certificate's full subject, at least CN and O
 *   (`CN=Kiosk Shop Ltd, O=Kiosk Shop Ltd, C=GB`), and every part of it must match; a bare
 *   name, which any certificate with that CN would match, is refused.
 *
 * The answer is electron-updater's: null to accept, a sentence to refuse.
 */
import { execFile } from 'node:child_process';
import { normalize } from 'node:path';

/** What PowerShell said, or why it could not be asked. */
export interface PowerShellResult {
  error: Error | null;
  stdout: string;
  stderr: string;
}

export type RunPowerShell = (command: string) => Promise<PowerShellResult>;

export const SIGNATURE_CHECK_TIMEOUT_MS = 20_000;
const MAX_OUTPUT_BYTES = 1024 * 1024;
/** Get-AuthenticodeSignature's Status for a valid signature. */
const STATUS_VALID = 0;

/** powershell.exe without a shell in between, its output in UTF-8, bounded in time and size. */
export const runPowerShell: RunPowerShell = (command) =>
  new Promise((resolve) => {
    // A module path from another PowerShell version breaks Get-AuthenticodeSignature.
    const { PSModulePath: _ignored, ...env } = process.env;
    execFile(
      'powershell.exe',
      ['-NoProfile', '-NonInteractive', '-InputFormat', 'None', '-Command', command],
      {
        timeout: SIGNATURE_CHECK_TIMEOUT_MS,
        maxBuffer: MAX_OUTPUT_BYTES,
        windowsHide: true,
        env,
      },
      (error, stdout, stderr) => {
        resolve({ error, stdout, stderr });
      },
    );
  });

/**
 * A distinguished name as attribute → value (`CN=a, O="b, c"`): keys upper-cased, values
 * unquoted; null when it cannot be read.
 */
export function parseDistinguishedName(text: string): Map<string, string> | null {
  if (text.length > 1024) return null;
  const parts = new Map<string, string>();
  let index = 0;
  while (index < text.length) {
    const equals = text.indexOf('=', index);
    if (equals < 0) return null;
    const key = text.slice(index, equals).trim().toUpperCase();
    if (!/^[A-Z][A-Z0-9.]*$/.test(key)) return null;
    index = equals + 1;
    while (text[index] === ' ') index += 1;
    let value = '';
    if (text[index] === '"') {
      index += 1;
      while (index < text.length && text[index] !== '"') {
        if (text[index] === '\\') index += 1;
        value += text[index] ?? '';
        index += 1;
      }
      if (text[index] !== '"') return null;
      index += 1;
      while (text[index] === ' ') index += 1;
    } else {
      while (index < text.length && text[index] !== ',') {
        if (text[index] === '\\') index += 1;
        value += text[index] ?? '';
        index += 1;
      }
      value = value.trim();
    }
    if (index < text.length && text[index] !== ',') return null;
    index += 1;
    if (parts.has(key)) return null;
    parts.set(key, value);
  }
  return parts.size > 0 ? parts : null;
}

/** Why `publisherName` cannot be matched safely, or null when it is a full subject. */
export function publisherProblem(publisherName: string): string | null {
  const dn = parseDistinguishedName(publisherName);
  if (!dn?.get('CN') || !dn.get('O')) {
    return 'update.publisherName must be the signing certificate’s full subject, at least CN and O (CN=…, O=…, C=…)';
  }
  return null;
}

interface SignatureReport {
  Status?: unknown;
  Path?: unknown;
  SignerCertificate?: { Subject?: unknown } | null;
}

/** electron-updater's VerifyUpdateCodeSignature, failing closed. */
export function authenticodeVerifier(
  run: RunPowerShell = runPowerShell,
): (publisherNames: string[], file: string) => Promise<string | null> {
  return async (publisherNames, file) => {
    const wanted = publisherNames.map((name) => ({ name, dn: parseDistinguishedName(name) }));
    if (wanted.length === 0 || wanted.some(({ name }) => publisherProblem(name) !== null)) {
      return publisherProblem(publisherNames[0] ?? '') ?? 'no publisher to check against';
    }
    // Single quotes doubled: the path stays one PowerShell string whatever it holds.
    const literal = file.replace(/'/g, "''");
    const command = `[Console]::OutputEncoding = [Text.Encoding]::UTF8; Get-AuthenticodeSignature -LiteralPath '${literal}' | ConvertTo-Json -Compress`;
    let result: PowerShellResult;
    try {
      result = await run(command);
    } catch (error) {
      return `the signature check could not run (${error instanceof Error ? error.message : String(error)})`;
    }
    if (result.error || result.stderr.trim() !== '') {
      const why = result.error?.message ?? result.stderr.trim();
      return `the signature check could not run (${why.slice(0, 200)})`;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(result.stdout);
    } catch {
      return 'the signature check gave no readable answer';
    }
    if (typeof parsed !== 'object' || parsed === null) {
      return 'the signature check gave no readable answer';
    }
    // Read field by field below; nothing is trusted for its type.
    const report = parsed as SignatureReport;
    if (report.Status !== STATUS_VALID) {
      return `the installer is not validly signed (status ${JSON.stringify(report.Status ?? null)})`;
    }
    if (typeof report.Path !== 'string' || normalize(report.Path) !== normalize(file)) {
      return 'the signature check answered for another file';
    }
    const subjectText = report.SignerCertificate?.Subject;
    const subject = typeof subjectText === 'string' ? parseDistinguishedName(subjectText) : null;
    if (!subject) return 'the installer’s signer has no readable subject';
    const matches = wanted.some(({ dn }) =>
      [...(dn ?? new Map<string, string>())].every(([key, value]) => subject.get(key) === value),
    );
    return matches
      ? null
      : `the installer is signed by ${String(subjectText).slice(0, 200)}, not by update.publisherName`;
  };
}
