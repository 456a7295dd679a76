import { describe, expect, it } from 'vitest';
import { healthSchema, statusSchema } from '../../shared/fleet/payloads';
import { certificateSchema } from '../../shared/fleet/trust/kiosk-certificate';
import { certificateTopic } from '../../shared/fleet/trust/trust-topics';
import { makeReceiptKey } from '../../tests/support/fixtures/kiosk-certificate';
import { SORT_LABELS } from '../../fleet-console/fleet/kiosk-list';
import {
  FILTERS,
  nth,
  SEARCHES,
  SORTS,
  syntheticCertificate,
  syntheticHealth,
  syntheticId,
  syntheticStatus,
} from './synthetic-fleet';

describe('the console bench’s synthetic fleet', () => {
  it('publishes what a real kiosk would: every status and health passes the schemas', () => {
    for (const index of [0, 1, 12, 13, 16, 17, 9999]) {
      expect(statusSchema.safeParse(syntheticStatus(index)).success).toBe(true);
      expect(healthSchema.safeParse(syntheticHealth(index)).success).toBe(true);
    }
  });

  it('certifies each kiosk into the groups its status names, under a topic of its own', () => {
    const { publicText } = makeReceiptKey();
    for (const index of [0, 1, 199, 200, 9999]) {
      const certificate = syntheticCertificate(index, 10_000, 'kiosk-shop', publicText);
      expect(certificateSchema.safeParse(certificate).success).toBe(true);
      const status = syntheticStatus(index);
      expect([certificate.store, certificate.region]).toEqual([status.store, status.region]);
      expect(() =>
        certificateTopic('kiosk-shop', certificate.kioskId, certificate.serial),
      ).not.toThrow();
    }
  });

  it('names kiosks as the fleet simulator does, wide enough for the count', () => {
    expect(syntheticId(0, 10_000)).toBe('sim-00001');
    expect(syntheticId(9999, 10_000)).toBe('sim-10000');
    expect(syntheticId(99_999, 100_000)).toBe('sim-100000');
  });

  it('never repeats an input back to back, so each one changes the rows shown', () => {
    for (const list of [SEARCHES, SORTS, FILTERS] as readonly (readonly string[])[]) {
      for (let index = 0; index < list.length * 2; index += 1) {
        expect(nth(list, index)).not.toBe(nth(list, index + 1));
      }
    }
  });

  it('sorts only by orders the console offers', () => {
    for (const sort of SORTS) expect(Object.keys(SORT_LABELS)).toContain(sort);
  });
});
