/**
 * The feed's channel file and its signature come from the network: whatever is served,
 * the check never throws, and only the exact bytes signed for that file name pass.
 * Bounded property runs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkFeedFile,
  MAX_FEED_FILE_BYTES,
} from '../../../../electron/main/updates/feed-signature';
import { signFeedFile } from '../../../../tools/updates/update-signing';
import { makeKeyPair } from '../../../support/fleet-keys';

const key = makeKeyPair();
const other = makeKeyPair();
const YML = [
  'version: 1.1.0',
  'files:',
  '  - url: Kiosk Shop-1.1.0-x86_64.AppImage',
  '    sha512: 3q2+7w==',
  '    size: 1024',
  "releaseDate: '2026-11-23T10:00:00.000Z'",
  '',
].join('\n');
const signed = (text: string, name = 'latest-linux.yml', signer = key) =>
  signFeedFile(name, new TextEncoder().encode(text), signer.privateKey);

describe('the feed signature check', () => {
  it('passes the file signed for its name with the fleet’s key, and nothing else', () => {
    const signature = signed(YML);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{86}\n$/);
    const file = { fileName: 'latest-linux.yml', text: YML, signature };
    expect(checkFeedFile(file, key.publicText)).toEqual({ ok: true });
    expect(checkFeedFile(file, other.publicText)).toMatchObject({ ok: false });
    expect(checkFeedFile({ ...file, fileName: 'beta-linux.yml' }, key.publicText)).toMatchObject({
      ok: false,
    });
    expect(checkFeedFile({ ...file, signature: null }, key.publicText)).toMatchObject({
      ok: false,
      reason: 'latest-linux.yml.sig is not a signature',
    });
    expect(checkFeedFile({ ...file, text: null }, key.publicText)).toMatchObject({ ok: false });
    expect(checkFeedFile(file, '')).toMatchObject({ ok: false });
    expect(
      checkFeedFile({ ...file, fileName: '../latest-linux.yml' }, key.publicText),
    ).toMatchObject({ ok: false });
    const huge = `${YML}${'#'.repeat(MAX_FEED_FILE_BYTES)}`;
    expect(
      checkFeedFile(
        { fileName: 'latest-linux.yml', text: huge, signature: signed(huge) },
        key.publicText,
      ),
    ).toEqual({ ok: false, reason: 'latest-linux.yml is too large to be a channel file' });
  });

  it('never throws on whatever a feed serves, and refuses what was not signed', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.option(fc.string({ maxLength: 600 })),
        fc.option(fc.string({ maxLength: 120 })),
        (fileName, text, signature) => {
          const result = checkFeedFile({ fileName, text, signature }, key.publicText);
          expect(result.ok).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses the signed file after any change to its text or its signature', () => {
    const signature = signed(YML);
    fc.assert(
      fc.property(
        fc.nat({ max: YML.length - 1 }),
        fc.string({ minLength: 1, maxLength: 3 }),
        fc.nat({ max: 85 }),
        fc.constantFrom('A', 'B', 'c', '0', '9', '-', '_'),
        (at, insert, sigAt, sigChar) => {
          const changed = `${YML.slice(0, at)}${insert}${YML.slice(at + 1)}`;
          if (changed !== YML) {
            expect(
              checkFeedFile(
                { fileName: 'latest-linux.yml', text: changed, signature },
                key.publicText,
              ).ok,
            ).toBe(false);
          }
          const forged = `${signature.slice(0, sigAt)}${sigChar}${signature.slice(sigAt + 1)}`;
          if (forged !== signature) {
            expect(
              checkFeedFile(
                { fileName: 'latest-linux.yml', text: YML, signature: forged },
                key.publicText,
              ).ok,
            ).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
