// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isValidVoucher, VALID_VOUCHERS } from './vouchers';

describe('vouchers', () => {
  it('accepts exactly SHOPMAX, REACTESHOP and ESHOP10', () => {
    expect(VALID_VOUCHERS).toEqual(['SHOPMAX', 'REACTESHOP', 'ESHOP10']);
    for (const code of VALID_VOUCHERS) expect(isValidVoucher(code)).toBe(true);
  });

  it('is case-sensitive and exact', () => {
    for (const code of ['shopmax', 'Shopmax', ' SHOPMAX', 'SHOPMAX ', 'ESHOP1', '', 'ESHOP100']) {
      expect(isValidVoucher(code)).toBe(false);
    }
  });
});
