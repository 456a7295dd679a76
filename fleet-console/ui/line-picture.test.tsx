import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LinePicture } from './line-picture';

afterEach(cleanup);

const IMAGE = 'https://fakestoreapi.com/img/71li-ujtlUL._AC_UX679_.jpg';

describe('a line’s picture', () => {
  it('is the line’s image, lazy, at a fixed size, saying nothing the title beside it says', () => {
    const { container } = render(
      <LinePicture image={IMAGE} title="Mens Cotton Jacket" size="large" />,
    );
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe(IMAGE);
    expect(img?.getAttribute('alt')).toBe('');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('width')).toBe('48');
    expect(img?.getAttribute('height')).toBe('48');
    // Its paint contained, so a card painted again reuses the drawing's paint.
    expect(img?.classList.contains('contain-paint')).toBe(true);
  });

  it('gives way to the title’s letter on a tile when the image does not load', () => {
    const { container } = render(
      <LinePicture image={IMAGE} title="mens Cotton Jacket" size="small" />,
    );
    const img = container.querySelector('img');
    if (!img) throw new Error('no image shown');
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    const tile = container.querySelector('[aria-hidden="true"]');
    expect(tile?.textContent).toBe('M');
  });

  it('is the letter’s tile for a line without an image, and tries a new image again', () => {
    const { container, rerender } = render(
      <LinePicture image={undefined} title="Ring" size="large" />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('R');
    rerender(<LinePicture image="/pick/images/7.svg" title="Ring" size="large" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/pick/images/7.svg');
  });
});
