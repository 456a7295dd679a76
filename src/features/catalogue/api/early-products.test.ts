import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@shared/product-rule';
import { offerEarlyCall, takeEarlyCall } from './early-products';

const URL_ = 'https://catalogue.test/products';
const early = window as Window & { __shopEarlyProducts?: unknown };

afterEach(() => {
  delete early.__shopEarlyProducts;
});

describe('the products page’s early call', () => {
  it('is made once, and its answer is the app’s query’s, once', async () => {
    const answer = Promise.resolve([] as Product[]);
    const call = vi.fn(() => answer);
    expect(offerEarlyCall(URL_, call)).toBe(answer);
    expect(offerEarlyCall(URL_, call)).toBeUndefined();
    expect(call).toHaveBeenCalledTimes(1);
    expect(takeEarlyCall(URL_)).toBe(answer);
    // A Try again calls anew.
    expect(takeEarlyCall(URL_)).toBeUndefined();
    await answer;
  });

  it('is not made once the app’s query has asked', () => {
    expect(takeEarlyCall(URL_)).toBeUndefined();
    const call = vi.fn(() => Promise.resolve([] as Product[]));
    expect(offerEarlyCall(URL_, call)).toBeUndefined();
    expect(call).not.toHaveBeenCalled();
  });

  it('is not taken for another catalogue, nor from anything else left on the window', async () => {
    const answer = Promise.resolve([] as Product[]);
    void offerEarlyCall(URL_, () => answer);
    expect(takeEarlyCall('https://other.test/products')).toBeUndefined();
    early.__shopEarlyProducts = { url: URL_, answer: { then: () => undefined }, taken: false };
    expect(takeEarlyCall(URL_)).toBeUndefined();
    early.__shopEarlyProducts = 'garbage';
    expect(takeEarlyCall(URL_)).toBeUndefined();
    await answer;
  });
});
