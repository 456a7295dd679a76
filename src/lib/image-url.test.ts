import { describe, expect, it } from 'vitest';
import { isSafeImageUrl } from './image-url';

describe('isSafeImageUrl', () => {
  it.each([
    'https://fakestoreapi.com/img/81fPKd-2AYL._AC_SL1500_.jpg',
    'http://127.0.0.1:4555/images/1.svg',
    'HTTPS://CATALOGUE.EXAMPLE/IMG.PNG',
    '/api/images/1.svg',
    '/api/images/caf%C3%A9.svg',
  ])('loads %s', (src) => {
    expect(isSafeImageUrl(src)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:image/svg+xml,<svg onload="alert(1)"/>',
    'file:///etc/passwd',
    'blob:https://shop.example/1',
    'ftp://files.example/1.png',
    'app://shop/index.html',
    '//evil.example/1.png',
    '/\\evil.example/1.png',
    '/\t/evil.example/1.png',
    '\\\\evil.example\\1.png',
    'images/1.svg',
    '',
    'not a url',
  ])('refuses %j', (src) => {
    expect(isSafeImageUrl(src)).toBe(false);
  });
});

describe('isSafeImageUrl, asked again', () => {
  it('gives the same answers the second time and after many other URLs', () => {
    expect(isSafeImageUrl('/api/images/7.svg')).toBe(true);
    expect(isSafeImageUrl('javascript:alert(7)')).toBe(false);
    for (let i = 0; i < 2500; i += 1) isSafeImageUrl(`https://img.example/${i}.png`);
    expect(isSafeImageUrl('/api/images/7.svg')).toBe(true);
    expect(isSafeImageUrl('javascript:alert(7)')).toBe(false);
    expect(isSafeImageUrl('//evil.example/7.png')).toBe(false);
  });
});
