import { execFileSync } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeCertificate, spkiHash, subjectAltName } from './certificate';

describe('the catalogue host certificate (--cross-origin)', () => {
  it('is made by openssl for the named host, and its key hash is the one openssl prints', () => {
    const made = makeCertificate(['fakestoreapi.com']);
    const cert = new X509Certificate(made.cert);
    expect(cert.subjectAltName).toBe('DNS:fakestoreapi.com');
    expect(cert.checkHost('fakestoreapi.com')).toBe('fakestoreapi.com');
    expect(cert.checkPrivateKey(createPrivateKey(made.key))).toBe(true);
    // The hash Chromium's --ignore-certificate-errors-spki-list expects, computed as its
    // documentation does: the DER public key through SHA-256, in base64.
    const der = execFileSync('openssl', ['x509', '-pubkey', '-noout'], { input: made.cert });
    const pub = execFileSync('openssl', ['pkey', '-pubin', '-outform', 'der'], { input: der });
    const digest = execFileSync('openssl', ['dgst', '-sha256', '-binary'], { input: pub });
    expect(made.spki).toBe(digest.toString('base64'));
    expect(spkiHash(made.cert)).toBe(made.spki);
  });

  it('makes a new key every time, so no run trusts another run’s', () => {
    expect(makeCertificate(['a.example']).spki).not.toBe(makeCertificate(['a.example']).spki);
  });

  it('names plain host names only, so nothing can be added to openssl’s extension', () => {
    expect(subjectAltName(['fakestoreapi.com', 'img.example'])).toBe(
      'subjectAltName=DNS:fakestoreapi.com,DNS:img.example',
    );
    for (const bad of ['a.example,IP:1.2.3.4', '*.example', 'A..b', '', 'a example']) {
      expect(() => subjectAltName([bad])).toThrow(/not a plain host name/);
    }
    expect(() => subjectAltName([])).toThrow(/at least one host/);
  });
});
