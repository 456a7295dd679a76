import { describe, expect, it } from 'vitest';
import { readPrintableReceipt } from '../../../../electron/main/printing/printable-receipt';
import {
  PRINTABLE_RECEIPT_LIMITS,
  type PrintableReceipt,
} from '../../../../shared/printable-receipt';
import { SAMPLE_PRINTABLE_RECEIPT } from '../../../support/fixtures/printable-receipt';

const receipt: PrintableReceipt = SAMPLE_PRINTABLE_RECEIPT;

const withLine = (patch: Record<string, unknown>) => ({
  ...receipt,
  lines: [{ ...receipt.lines[0], ...patch }],
});

describe('the receipt main is asked to print', () => {
  it('takes a well-formed receipt as it is', () => {
    expect(readPrintableReceipt(receipt)).toEqual(receipt);
    expect(readPrintableReceipt(structuredClone(receipt))).toEqual(receipt);
  });

  it('refuses anything but a receipt object', () => {
    for (const value of [null, undefined, 'Receipt-1-1', 42, [], [receipt], () => receipt]) {
      expect(typeof readPrintableReceipt(value), typeof value).toBe('string');
    }
  });

  it('refuses keys it does not know, on the receipt and on a line', () => {
    expect(readPrintableReceipt({ ...receipt, html: '<b>x</b>' })).toMatch(/html/);
    expect(readPrintableReceipt(withLine({ image: 'https://x/y.png' }))).toMatch(/image/);
    const { tax: _tax, ...noTax } = receipt;
    expect(readPrintableReceipt(noTax)).toMatch(/^tax/);
  });

  it('takes the shopper’s language only as one of the shop’s, English when absent', () => {
    for (const language of ['es', 'fr', 'de', 'ar', 'en']) {
      expect(readPrintableReceipt({ ...receipt, language })).toEqual({ ...receipt, language });
    }
    for (const language of ['xx', 'EN', 'en-XA', '', 7, null, '<b>ar</b>']) {
      expect(readPrintableReceipt({ ...receipt, language }), String(language)).toMatch(/^language/);
    }
  });

  it('takes a collection number only of its shape: letter, space, number', () => {
    expect(readPrintableReceipt({ ...receipt, collectionNumber: 'C 27' })).toEqual({
      ...receipt,
      collectionNumber: 'C 27',
    });
    for (const collectionNumber of ['C-27', 'B 27', 'C 0', '', 'C 27<br>', 27, null]) {
      expect(
        readPrintableReceipt({ ...receipt, collectionNumber }),
        String(collectionNumber),
      ).toMatch(/^collectionNumber/);
    }
  });

  it('takes amounts only as whole, non-negative, exact cents', () => {
    for (const bad of [1.5, -1, Number.NaN, Infinity, 2 ** 53, '100', null]) {
      expect(readPrintableReceipt({ ...receipt, total: bad }), String(bad)).toMatch(/^total/);
      expect(readPrintableReceipt(withLine({ lineTotal: bad })), String(bad)).toMatch(
        /^lines\.0\.lineTotal/,
      );
    }
    expect(
      readPrintableReceipt({ ...receipt, savings: 0, total: Number.MAX_SAFE_INTEGER }),
    ).toEqual({ ...receipt, savings: 0, total: Number.MAX_SAFE_INTEGER });
  });

  it('takes quantities of 1 to 9,999 and titles of 1 to 500 characters', () => {
    for (const bad of [0, 10_000, 1.5, -2, '2']) {
      expect(readPrintableReceipt(withLine({ quantity: bad })), String(bad)).toMatch(/quantity/);
    }
    expect(readPrintableReceipt(withLine({ quantity: 9_999 }))).not.toBeTypeOf('string');
    expect(readPrintableReceipt(withLine({ title: '' }))).toMatch(/title/);
    expect(readPrintableReceipt(withLine({ title: 'x'.repeat(501) }))).toMatch(/title/);
    expect(readPrintableReceipt(withLine({ title: 42 }))).toMatch(/title/);
    expect(readPrintableReceipt(withLine({ title: 'x'.repeat(500) }))).not.toBeTypeOf('string');
  });

  it('takes only a receipt id of the spec’s form and a time a Date can hold', () => {
    for (const id of ['', 'Receipt-1-1000', 'receipt-1-1', 'Receipt-1-1\n', '<b>Receipt-1-1</b>']) {
      expect(readPrintableReceipt({ ...receipt, id }), id).toMatch(/^id/);
    }
    for (const issuedAt of [-1, 1.5, 8_640_000_000_000_001, '1700000000123']) {
      expect(readPrintableReceipt({ ...receipt, issuedAt }), String(issuedAt)).toMatch(/^issuedAt/);
    }
  });

  it('takes 1 to 100 lines, and refuses a huge list without reading its lines', () => {
    expect(readPrintableReceipt({ ...receipt, lines: [] })).toMatch(/^lines/);
    const line = receipt.lines[0];
    const most = Array.from({ length: PRINTABLE_RECEIPT_LIMITS.lines }, () => line);
    expect(readPrintableReceipt({ ...receipt, lines: most })).not.toBeTypeOf('string');
    expect(readPrintableReceipt({ ...receipt, lines: [...most, line] })).toBe(
      'lines: more than 100',
    );
    const huge: unknown[] = new Array(5_000_000);
    const started = performance.now();
    expect(readPrintableReceipt({ ...receipt, lines: huge })).toBe('lines: more than 100');
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('keeps its reason short whatever the renderer sent', () => {
    const reason = readPrintableReceipt({ ...receipt, ['k'.repeat(10_000)]: 1 });
    expect(reason).toBeTypeOf('string');
    expect((reason as string).length).toBeLessThanOrEqual(200);
  });
});
