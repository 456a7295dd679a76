export const VALID_VOUCHERS = ['SHOPMAX', 'REACTESHOP', 'ESHOP10'] as const;

/** Exact, case-sensitive match (spec §5). */
export function isValidVoucher(code: string): boolean {
  return (VALID_VOUCHERS as readonly string[]).includes(code);
}
