import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useFirstScreenPass } from './first-screen-pass';

function Screen({ seen }: { seen: boolean[] }) {
  const pass = useFirstScreenPass();
  seen.push(pass);
  return <p>{pass ? 'Loading...' : 'Cards'}</p>;
}

const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let before: boolean | undefined;
beforeAll(() => {
  before = environment.IS_REACT_ACT_ENVIRONMENT;
  environment.IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => {
  environment.IS_REACT_ACT_ENVIRONMENT = before;
});
afterEach(() => {
  document.body.replaceChildren();
});

describe('useFirstScreenPass', () => {
  it('is true where the screen is written, and when React takes it over; then false', async () => {
    const written = renderToString(<Screen seen={[]} />);
    expect(written).toContain('Loading...');
    const root = document.createElement('div');
    root.innerHTML = written;
    document.body.append(root);
    const paragraph = root.querySelector('p');
    const seen: boolean[] = [];
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(root, <Screen seen={seen} />, { onRecoverableError: recoverable });
      await Promise.resolve();
    });
    expect(seen[0]).toBe(true);
    expect(seen.at(-1)).toBe(false);
    expect(recoverable).not.toHaveBeenCalled();
    // The same node, now showing what the app holds.
    expect(root.querySelector('p')).toBe(paragraph);
    expect(paragraph?.textContent).toBe('Cards');
  });

  it('is false in a render with no written screen', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const seen: boolean[] = [];
    await act(async () => {
      createRoot(root).render(<Screen seen={seen} />);
      await Promise.resolve();
    });
    expect(seen.every((pass) => !pass)).toBe(true);
    expect(root.textContent).toBe('Cards');
  });
});
