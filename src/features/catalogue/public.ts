/**
 * The catalogue feature's door: all another feature may use of it (eslint.layers.mjs).
 * Pages and the app compose the catalogue's own files directly.
 */
export { ProductCard } from './components/product-card';
