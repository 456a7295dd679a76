import { describe, expect, it } from 'vitest';
import { readTlsFiles } from '../../../fleet-agent/connection/tls-files';

const PEM = Buffer.from('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
const NONE = { 'fleet.ca': '', 'fleet.cert': '', 'fleet.key': '' };

function disk(files: Record<string, Buffer>) {
  return (path: string): Buffer => {
    const bytes = files[path];
    if (!bytes) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return bytes;
  };
}

describe('the fleet TLS files', () => {
  it('are nothing when none is configured', () => {
    expect(readTlsFiles(NONE, disk({}))).toEqual({ ok: true, tls: {} });
  });

  it('reads the CA and the client certificate and key', () => {
    const files = { '/etc/ca.pem': PEM, '/etc/c.pem': PEM, '/etc/k.pem': PEM };
    const config = {
      'fleet.ca': '/etc/ca.pem',
      'fleet.cert': '/etc/c.pem',
      'fleet.key': '/etc/k.pem',
    };
    expect(readTlsFiles(config, disk(files))).toEqual({
      ok: true,
      tls: { ca: PEM, cert: PEM, key: PEM },
    });
  });

  it('refuses a file it cannot read, a file that is not PEM, and a certificate without its key', () => {
    expect(readTlsFiles({ ...NONE, 'fleet.ca': '/missing.pem' }, disk({}))).toEqual({
      ok: false,
      reason: 'cannot read fleet.ca /missing.pem (ENOENT)',
    });
    expect(
      readTlsFiles(
        { ...NONE, 'fleet.ca': '/x.der' },
        disk({ '/x.der': Buffer.from([0x30, 0x82]) }),
      ),
    ).toEqual({ ok: false, reason: 'fleet.ca /x.der is not a PEM file' });
    expect(readTlsFiles({ ...NONE, 'fleet.cert': '/c.pem' }, disk({ '/c.pem': PEM }))).toEqual({
      ok: false,
      reason: 'fleet.cert and fleet.key must be set together',
    });
  });
});
