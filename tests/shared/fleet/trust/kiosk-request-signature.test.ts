import { describe, expect, it } from 'vitest';
import { kioskRequestText } from '../../../../shared/fleet/trust/kiosk-request-signature';

describe('the text a kiosk signs for a request', () => {
  const fields = {
    fleet: 'kiosk-shop',
    method: 'post',
    path: '/orders',
    kioskId: 'kiosk-a',
    serial: 'c2VyaWFsLW9uZS1vbmUx',
    time: 5,
    bodyHash: 'h',
  };

  it('binds label, fleet, method, path, kiosk, certificate, time and body, one a line', () => {
    expect(kioskRequestText(fields)).toBe(
      'kiosk-shop request v1\nkiosk-shop\nPOST\n/orders\nkiosk-a\nc2VyaWFsLW9uZS1vbmUx\n5\nh',
    );
  });

  it('differs when any one of them differs, and never starts like a receipt’s JSON', () => {
    const base = kioskRequestText(fields);
    for (const [key, value] of Object.entries({
      fleet: 'x',
      method: 'GET',
      path: '/x',
      kioskId: 'k',
      serial: 's',
      time: 6,
      bodyHash: 'g',
    })) {
      expect(kioskRequestText({ ...fields, [key]: value }), key).not.toBe(base);
    }
    expect(base.startsWith('{')).toBe(false);
  });
});
