import { useParams } from 'react-router';
import { AddToCartPanel } from '@/features/cart/public';
import { ProductScreen } from '@/features/catalogue/public';

/** /product/{id} (spec §2): the catalogue's product, with the cart's way to buy it. */
export function ProductPage() {
  const { id = '' } = useParams();
  return <ProductScreen id={id} purchase={(product) => <AddToCartPanel product={product} />} />;
}
