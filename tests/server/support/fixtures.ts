import { request as httpRequest } from 'node:http';
import type { CatalogueProduct } from '../../../server/catalogue/product-schema';

export const sampleProducts: CatalogueProduct[] = [
  {
    id: 2,
    title: 'Merino Wool Quarter-Zip Pullover Sweater in Charcoal Grey',
    price: 74.99,
    description: 'Fine merino wool that keeps you warm.',
    category: "men's clothing",
    image: 'images/2.svg',
    rating: { rate: 4.5, count: 158 },
    art: { kind: 'sweater', color: '#50565f' },
  },
  {
    id: 1,
    title: 'Sterling Silver Stacking Ring with Brushed Satin Finish',
    price: 29.99,
    description: 'A slim band of solid sterling silver.',
    category: 'jewelery',
    image: 'images/1.svg',
    rating: { rate: 4.1, count: 211 },
  },
  {
    id: 3,
    title: '27-Inch QHD IPS Monitor with Adjustable Stand and USB-C',
    price: 1299.99,
    description: 'A sharp IPS panel with accurate colours.',
    category: 'electronics',
    image: 'images/3.svg',
    rating: { rate: 3.5, count: 205 },
  },
];

/**
 * The body of a GET sent with a forged Host header, which fetch() refuses to set: how a
 * test shows the servers build image URLs from their own origin, not from the request.
 */
export function getWithForgedHost(url: string, host: string): Promise<string> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise<string>((resolve, reject) => {
    const req = httpRequest({ hostname, port, path: pathname, headers: { Host: host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    req.end();
  });
}
