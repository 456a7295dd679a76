import { useEffect, useRef } from 'react';

/**
 * Drives a native <dialog> as a modal from React state: showModal() gives the focus trap,
 * Escape and the inert page behind it for free.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return ref;
}
