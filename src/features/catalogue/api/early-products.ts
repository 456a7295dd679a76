/**
 * The page's one catalogue call (spec §7), when the page's early paint starts it
 * (../early-cards/): on the products page the list, on a product's page that product. The
 * early paint calls before the app's code has arrived, paints from the answer, and hands the
 * same answer, failure included, to the app's query, which takes it instead of calling
 * again. The call's URL says which answer it is (a list or one product). Two bundles share it through the window, since the early cards
 * are not part of the app's download. Once the app's query has asked, the slot is closed:
 * early cards that arrive later start nothing, and a Try again calls anew.
 */
import type { Product } from '@shared/product-rule';

interface EarlyProducts {
  url: string;
  answer: Promise<unknown> | undefined;
  /** The app's query has asked: nothing more is offered. */
  taken: boolean;
  /** A cached catalogue the early cards read, and the stored text they read it from. */
  cached?: { raw: string; products: Product[] } | undefined;
}

type EarlyWindow = Window & { __shopEarlyProducts?: EarlyProducts };

function slot(): EarlyProducts {
  const early = window as EarlyWindow;
  const found = early.__shopEarlyProducts;
  if (found && typeof found === 'object' && typeof found.taken === 'boolean') return found;
  const made: EarlyProducts = { url: '', answer: undefined, taken: false };
  early.__shopEarlyProducts = made;
  return made;
}

/** The early paint's call of `url`, unless the app has already asked, or another has started. */
export function offerEarlyCall<T>(url: string, call: () => Promise<T>): Promise<T> | undefined {
  const early = slot();
  if (early.taken || early.answer) return undefined;
  const answer = call();
  early.url = url;
  early.answer = answer;
  return answer;
}

/**
 * For the app's query of `url`: the early call of that URL if there was one, once; closes
 * the slot. `T` is what a call of that URL answers (the query that takes it made it so).
 */
export function takeEarlyCall<T>(url: string): Promise<T> | undefined {
  const early = slot();
  early.taken = true;
  const { answer } = early;
  early.answer = undefined;
  return early.url === url && answer instanceof Promise ? (answer as Promise<T>) : undefined;
}

/**
 * The cached catalogue the early cards read and checked (a returning visitor's): the app's
 * cache takes it instead of reading and checking megabytes again, but only while the stored
 * text is the very one they read.
 */
export function offerCachedProducts(raw: string, products: Product[]): void {
  slot().cached = { raw, products };
}

/** For the app's cache: the early cards' reading of `raw`, once, if they read that text. */
export function takeCachedProducts(raw: string): Product[] | undefined {
  const early = slot();
  const { cached } = early;
  early.cached = undefined;
  return cached && cached.raw === raw && Array.isArray(cached.products)
    ? cached.products
    : undefined;
}
