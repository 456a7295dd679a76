import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { catalogueQueryClient } from '@/features/catalogue/catalogue-provider';

afterEach(() => {
  cleanup();
  // The shop keeps one catalogue cache per visit; each test is a new visit.
  catalogueQueryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
});
