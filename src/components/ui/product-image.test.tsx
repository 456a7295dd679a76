import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductImage } from './product-image';

const SRC = 'https://catalogue.test/images/1.svg';
const image = () => screen.queryByRole('img', { name: 'Silver Ring' });

describe('ProductImage', () => {
  it('shows the image with its name and a lazy load by default', () => {
    render(<ProductImage src={SRC} alt="Silver Ring" />);
    expect(image()).toHaveAttribute('src', SRC);
    expect(image()).toHaveAttribute('loading', 'lazy');
  });

  it('a new image held back shows only its tile, then loads when released', () => {
    const { rerender } = render(<ProductImage src={SRC} alt="Silver Ring" holdLoading />);
    expect(image()).toBeNull();
    expect(screen.queryByText('Image unavailable')).toBeNull();
    rerender(<ProductImage src={SRC} alt="Silver Ring" holdLoading />);
    expect(image()).toBeNull();
    rerender(<ProductImage src={SRC} alt="Silver Ring" />);
    expect(image()).toHaveAttribute('src', SRC);
  });

  it('an image already showing stays when a hold starts', () => {
    const { rerender } = render(<ProductImage src={SRC} alt="Silver Ring" />);
    rerender(<ProductImage src={SRC} alt="Silver Ring" holdLoading />);
    expect(image()).toHaveAttribute('src', SRC);
  });

  it('an unsafe address is never held: it shows the fallback at once', () => {
    render(<ProductImage src="javascript:alert(1)" alt="Silver Ring" holdLoading />);
    expect(screen.getByRole('img', { name: 'Silver Ring' })).toHaveTextContent('Image unavailable');
  });
});
