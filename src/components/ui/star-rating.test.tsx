import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StarRating } from './star-rating';

describe('StarRating', () => {
  it('names the rating and shows the review count', () => {
    render(<StarRating rate={4.5} count={1234} />);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('(1,234 reviews)')).toBeInTheDocument();
  });
});
