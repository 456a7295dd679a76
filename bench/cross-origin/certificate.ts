/**
 * The catalogue host's TLS identity for `--compare DIR --cross-origin`: a self-signed
 * certificate made with openssl at run time, in a temporary directory removed afterwards,
 * and the SHA-256 of its public key (SPKI) that Chromium is told to accept. Nothing of it
 * is kept or trusted beyond the one browser the bench launches.
 */
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchCertificate {
  /** PEM of the certificate and its private key. */
  cert: string;
  key: string;
  /** base64 SHA-256 of the certificate's SubjectPublicKeyInfo, as Chromium's SPKI list takes it. */
  spki: string;
}

/** A DNS name the certificate may carry: letters, digits, dots and hyphens only. */
const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;

/** The subjectAltName extension naming each host, refusing anything that is not a plain name. */
export function subjectAltName(hosts: readonly string[]): string {
  if (hosts.length === 0) throw new Error('a certificate needs at least one host');
  for (const host of hosts) {
    if (!HOST.test(host)) throw new Error(`not a plain host name: "${host}"`);
  }
  return `subjectAltName=${hosts.map((host) => `DNS:${host}`).join(',')}`;
}

/** The base64 SHA-256 of a PEM certificate's public key (what `openssl … | dgst` would print). */
export function spkiHash(certPem: string): string {
  const der = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

/** An EC P-256 certificate for `hosts`, valid for a day, made by openssl in a temp dir. */
export function makeCertificate(hosts: readonly string[]): BenchCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-shop-bench-tls-'));
  try {
    const keyFile = join(dir, 'key.pem');
    const certFile = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${hosts[0] ?? ''}`,
        '-addext',
        subjectAltName(hosts),
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const cert = readFileSync(certFile, 'utf8');
    return { cert, key: readFileSync(keyFile, 'utf8'), spki: spkiHash(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
