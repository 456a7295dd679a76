/**
 * The catalogue feature's door: all a page or another feature may use of it
 * (eslint.layers.mjs). The app wires the data layer and the deep-link download directly
 * (src/app), so they stay in the chunks it picks.
 */
export { useKnownProducts } from './api/products-query';
export { CatalogueScreen } from './catalogue-screen';
export { productCategory } from './product-category';
export { CategoryTiles } from './components/category-tiles';
export { ProductCard } from './components/product-card';
export { ProductDetail } from './components/product-detail';
export { PurchaseWaiting } from './components/product-slot';
export { ProductScreen } from './product-screen';
