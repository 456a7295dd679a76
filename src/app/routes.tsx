import type { RouteObject } from 'react-router';
import { AboutPage } from '@/pages/about-page';
import { CartPage } from '@/pages/cart-page';
import { CheckoutPage } from '@/pages/checkout-page';
import { HomePage } from '@/pages/home-page';
import { NotFoundPage } from '@/pages/not-found-page';
import { ProductPage } from '@/pages/product-page';
import { ProductsPage } from '@/pages/products-page';
import { AppLayout } from './layout/app-layout';
import { RouteErrorPage } from './route-error-page';

/** The one route table, shared by the kiosk's memory router and the web's browser router. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Page errors render inside the layout, so the header and cart stay usable.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'home', element: <HomePage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'products', element: <ProductsPage /> },
          { path: 'product/:id', element: <ProductPage /> },
          { path: 'cart', element: <CartPage /> },
          { path: 'checkout', element: <CheckoutPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
