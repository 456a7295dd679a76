import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNavigationEffects } from './use-navigation-effects';

const router: { navigate: NavigateFunction } = { navigate: () => undefined };
const navigate = (to: string | number) =>
  typeof to === 'number' ? router.navigate(to) : router.navigate(to);

function Shell() {
  const frame = useRef<HTMLDivElement>(null);
  useNavigationEffects(frame);
  const go = useNavigate();
  useEffect(() => {
    router.navigate = go;
  }, [go]);
  return (
    <div ref={frame} data-testid="frame">
      <main>
        <h1>Page</h1>
      </main>
    </div>
  );
}

/** The window as the browser leaves it after a scroll: its offset, then a scroll event. */
function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  fireEvent.scroll(window);
}

/** The kiosk's accessibility frame after a scroll of its own. */
function scrollFrameTo(frame: HTMLElement, y: number) {
  Object.defineProperty(frame, 'scrollTop', { configurable: true, value: y });
  fireEvent.scroll(frame);
}

function renderShell() {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.spyOn(HTMLElement.prototype, 'scrollTo').mockImplementation(() => undefined);
  render(
    <MemoryRouter initialEntries={['/']}>
      <Shell />
    </MemoryRouter>,
  );
  return scrollTo;
}

describe('a new page and the window’s scroll', () => {
  afterEach(() => {
    scrollWindowTo(0);
    vi.restoreAllMocks();
  });

  it('leaves a window already at the top alone, so the new page is not laid out early', () => {
    const scrollTo = renderShell();
    act(() => void navigate('/products'));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('takes a scrolled window back to the top of the new page', () => {
    const scrollTo = renderShell();
    act(() => scrollWindowTo(420));
    act(() => void navigate('/products'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('takes the kiosk’s accessibility frame to the top only once it has scrolled', () => {
    renderShell();
    const frame = screen.getByTestId('frame');
    const frameScrollTo = vi.mocked(HTMLElement.prototype.scrollTo);
    act(() => void navigate('/products'));
    expect(frameScrollTo).not.toHaveBeenCalled();
    act(() => scrollFrameTo(frame, 250));
    act(() => void navigate('/cart'));
    expect(frameScrollTo).toHaveBeenCalledWith(0, 0);
    expect(frameScrollTo.mock.contexts.at(-1)).toBe(frame);
  });

  it('returns Back to where that page was scrolled', () => {
    const scrollTo = renderShell();
    act(() => scrollWindowTo(300));
    act(() => void navigate('/products'));
    act(() => scrollWindowTo(0));
    act(() => void navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 300);
  });
});
