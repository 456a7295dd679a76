import { CatalogueScreen } from '@/features/catalogue/public';
import { cardListPrice, useAddOne } from '@/features/cart/public';

/** /products (spec §2): the catalogue, whose cards put one of a product in the cart. */
export function ProductsPage() {
  const addOne = useAddOne();
  return <CatalogueScreen onAdd={addOne} listPrice={cardListPrice} />;
}
