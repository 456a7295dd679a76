import { act, type ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  inKeptScreen,
  keptScreenPass,
  useFirstScreenPass,
  useWrittenScreenPass,
} from './first-screen-pass';

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

/** `html` painted in a root, then taken over by React with `app`: the root and React's reports. */
async function takeOver(html: string, app: ReactElement) {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  const paragraph = root.querySelector('p');
  const recoverable = vi.fn();
  await act(async () => {
    hydrateRoot(root, app, { onRecoverableError: recoverable });
    await Promise.resolve();
  });
  return { root, paragraph, recoverable };
}

describe('useFirstScreenPass', () => {
  it('is true where the screen is written, and when React takes it over; then false', async () => {
    const written = renderToString(<Screen seen={[]} />);
    expect(written).toContain('Loading...');
    const seen: boolean[] = [];
    const { root, paragraph, recoverable } = await takeOver(written, <Screen seen={seen} />);
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

/** A screen that shows what the visit holds (the cached catalogue's cards) but while written. */
function Catalogue({ seen }: { seen: boolean[] }) {
  const written = useWrittenScreenPass();
  seen.push(written);
  return <p>{written ? 'Loading...' : 'Six cards'}</p>;
}

describe('a kept screen', () => {
  afterEach(() => {
    delete document.documentElement.dataset.keptScreen;
  });

  it('is rendered with what the visit holds, and only while it is kept', () => {
    expect(keptScreenPass(() => renderToString(<Catalogue seen={[]} />))).toContain('Six cards');
    expect(renderToString(<Catalogue seen={[]} />)).toContain('Loading...');
    // A product's own call is made on each visit: its screen is kept as written.
    expect(keptScreenPass(() => renderToString(<Screen seen={[]} />))).toContain('Loading...');
    expect(inKeptScreen()).toBe(false);
  });

  it('is taken over as it was kept: every node kept, nothing rendered as written', async () => {
    const kept = keptScreenPass(() => renderToString(<Catalogue seen={[]} />));
    const seen: boolean[] = [];
    // What src/kept-check.ts marks on a kept page it shows.
    document.documentElement.dataset.keptScreen = 'shown';
    expect(inKeptScreen()).toBe(true);
    const { root, paragraph, recoverable } = await takeOver(kept, <Catalogue seen={seen} />);
    expect(seen.every((written) => !written)).toBe(true);
    expect(recoverable).not.toHaveBeenCalled();
    expect(root.querySelector('p')).toBe(paragraph);
    expect(paragraph?.textContent).toBe('Six cards');
  });

  it('taken over as written, it would not match: the guard is what keeps it', async () => {
    const kept = keptScreenPass(() => renderToString(<Catalogue seen={[]} />));
    const { recoverable } = await takeOver(kept, <Catalogue seen={[]} />);
    expect(recoverable).toHaveBeenCalled();
  });
});
