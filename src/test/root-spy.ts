import type * as ReactDomClient from 'react-dom/client';

/** A root made through the spied react-dom/client: where it renders, what, whether it is gone. */
export interface RootRecord {
  container: Element | Document | DocumentFragment;
  /** The container's text after each change to it, from the moment the root was made. */
  texts: string[];
  unmounted: boolean;
}

export const rootsMade: RootRecord[] = [];

/**
 * react-dom/client with every root recorded, for code that makes its own root out of sight:
 * vi.mock('react-dom/client', async (real) => (await import('@/test/root-spy')).spiedClient(await real())).
 */
export function spiedClient(real: typeof ReactDomClient): typeof ReactDomClient {
  return {
    ...real,
    createRoot: (container, options) => {
      const record: RootRecord = { container, texts: [], unmounted: false };
      rootsMade.push(record);
      new MutationObserver(() => record.texts.push(container.textContent ?? '')).observe(
        container,
        { childList: true, subtree: true, characterData: true },
      );
      const root = real.createRoot(container, options);
      const unmount = root.unmount.bind(root);
      root.unmount = () => {
        record.unmounted = true;
        unmount();
      };
      return root;
    },
  };
}
