// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeEnrolmentKey } from '../../tests/support/fixtures/kiosk-certificate';
import { pemBody, readKeyFile } from './pem-key';

describe('a private key file', () => {
  it('reads the body of a PEM, and nothing else', () => {
    expect(pemBody(makeEnrolmentKey().privatePem)?.length).toBe(48);
    expect(pemBody('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----')).toBeNull();
  });

  it('says why a file is not a key before anything is imported', () => {
    expect(readKeyFile('x'.repeat(5000))).toEqual({ ok: false, reason: 'This file is not a key.' });
    expect(readKeyFile('hello')).toEqual({
      ok: false,
      reason: 'This is not a PEM private key (BEGIN PRIVATE KEY).',
    });
    expect(readKeyFile(makeEnrolmentKey().privatePem)).toMatchObject({ ok: true });
  });
});
