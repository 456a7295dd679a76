/**
 * A kiosk's groups by the operator's word: its newest verified certificate's store and
 * region (group ids only), none once that certificate is revoked (an older one never comes
 * back), and a mismatch only where its status names a group the certificate contradicts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  certifiedGroupsOf,
  groupMismatch,
  revokedSerials,
} from '../../../../shared/fleet/trust/certified-groups';
import { revocationList } from '../../../support/fixtures/kiosk-certificate';

const cert = (serial: string, issuedAt: number, store: string, region?: string) => ({
  kioskId: 'kiosk-x',
  serial,
  issuedAt,
  store,
  ...(region === undefined ? {} : { region }),
});
const none = revokedSerials(null);

describe('certified groups', () => {
  it('are the newest certificate’s, by time and then serial', () => {
    expect(
      certifiedGroupsOf(
        [cert('s-2', 2, 'lyon-1', 'eu-west'), cert('s-1', 1, 'paris-9', 'eu-north')],
        none,
      ),
    ).toEqual({ store: 'lyon-1', region: 'eu-west', serial: 's-2' });
    expect(certifiedGroupsOf([cert('s-a', 5, 'paris-9'), cert('s-b', 5, 'lyon-1')], none)).toEqual({
      store: 'lyon-1',
      region: null,
      serial: 's-b',
    });
    expect(certifiedGroupsOf([], none)).toBeNull();
  });

  it('name no group for a store that is not a group id', () => {
    expect(certifiedGroupsOf([cert('s-1', 1, 'Main store')], none)).toEqual({
      store: null,
      region: null,
      serial: 's-1',
    });
  });

  it('end with a revoked newest certificate: an older one does not come back', () => {
    const revoked = revokedSerials(
      revocationList([{ kioskId: 'kiosk-x', serial: 's-2', revokedAt: 3 }]),
    );
    expect(
      certifiedGroupsOf([cert('s-2', 2, 'lyon-1'), cert('s-1', 1, 'paris-9')], revoked),
    ).toBeNull();
  });

  it('do not depend on the order certificates arrive in', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        (times, seed) => {
          const certificates = times.map((time) => cert(`s-${time}`, time, `store-${time}`));
          const shuffled = [...certificates].sort(
            (a, b) => ((a.issuedAt * 7919 + seed) % 97) - ((b.issuedAt * 7919 + seed) % 97),
          );
          expect(certifiedGroupsOf(shuffled, none)?.store).toBe(`store-${Math.max(...times)}`);
        },
      ),
    );
  });
});

describe('a group mismatch', () => {
  const certified = { store: 'paris-9', region: 'eu-north' };

  it('is a store or region the status names and the certificate contradicts', () => {
    expect(groupMismatch(certified, { store: 'lyon-1', region: 'eu-north' })).toEqual({
      store: { claimed: 'lyon-1', certified: 'paris-9' },
    });
    expect(groupMismatch(certified, { store: 'lyon-1', region: 'eu-west' })).toEqual({
      store: { claimed: 'lyon-1', certified: 'paris-9' },
      region: { claimed: 'eu-west', certified: 'eu-north' },
    });
  });

  it('is nothing where the two agree, the status names none, or no certificate names one', () => {
    expect(groupMismatch(certified, { store: 'paris-9', region: 'eu-north' })).toBeNull();
    expect(groupMismatch(certified, { store: null, region: null })).toBeNull();
    expect(
      groupMismatch({ store: null, region: null }, { store: 'lyon-1', region: null }),
    ).toBeNull();
    expect(groupMismatch(null, { store: 'lyon-1', region: 'eu-west' })).toBeNull();
  });
});
