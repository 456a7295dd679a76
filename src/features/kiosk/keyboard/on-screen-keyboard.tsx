import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { BackspaceIcon, KeyboardHideIcon } from '@/components/ui/icons';
import { deleteBackward, pressEnter, typeInto } from './edit-field';
import { keyboardFor, NUMERIC_ROWS, TEXT_ROWS } from './keyboard-layouts';

interface KeyProps {
  label: string;
  onPress: () => void;
  children?: ReactNode;
  wide?: boolean;
  pressed?: boolean;
  tone?: 'plain' | 'action' | 'primary';
}

function Key({ label, onPress, children, wide = false, pressed, tone = 'plain' }: KeyProps) {
  const colours =
    tone === 'primary'
      ? 'bg-brand-700 text-white active:bg-brand-800'
      : tone === 'action'
        ? 'bg-slate-300 text-ink active:bg-slate-400'
        : 'bg-white text-ink active:bg-slate-200';
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      className={`osk-key grid min-h-[44px] min-w-[44px] sm:min-h-14 place-items-center rounded-xl text-xl font-semibold shadow-sm sm:text-2xl ${colours} ${wide ? 'grow-[2] basis-[96px]' : 'grow basis-[44px]'} ${pressed ? 'ring-4 ring-brand-600' : ''}`}
      onClick={onPress}
    >
      {children ?? label}
    </button>
  );
}

/**
 * A touch keyboard for a kiosk without one: it opens for fields marked `data-osk`, docks
 * at the bottom and scrolls the field clear of it, and types through the field's own
 * events. It closes with its key, a touch elsewhere, Escape, or the idle wipe (which
 * unmounts it). Physical keyboards keep working alongside.
 */
export function OnScreenKeyboard() {
  const [field, setField] = useState<HTMLInputElement | null>(null);
  const [caps, setCaps] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const wanted = field ? keyboardFor(field) : null;

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement)) return;
      const kind = keyboardFor(target);
      if (!kind) return;
      // Our keyboard, not the operating system's, where a system one would pop up.
      target.inputMode = 'none';
      setCaps(kind === 'caps');
      setField(target);
      // With no arrow keys, a touch must not leave the caret mid-word: a quantity is
      // selected (typing replaces it), text gets the caret at its end. After the touch
      // has placed its own caret, hence the timeout.
      setTimeout(() => {
        if (document.activeElement !== target) return;
        const end = target.value.length;
        target.setSelectionRange(kind === 'numeric' ? 0 : end, end);
      });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  useEffect(() => {
    if (!field) return;
    const close = () => setField(null);
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && panel.current?.contains(next)) return;
      if (next instanceof HTMLElement && keyboardFor(next)) return;
      close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    // A field that leaves the page (a new screen) takes its keyboard with it.
    const watcher = new MutationObserver(() => {
      if (!field.isConnected) close();
    });
    watcher.observe(document.body, { childList: true, subtree: true });
    field.addEventListener('focusout', onFocusOut);
    field.addEventListener('keydown', onKeyDown);
    return () => {
      watcher.disconnect();
      field.removeEventListener('focusout', onFocusOut);
      field.removeEventListener('keydown', onKeyDown);
    };
  }, [field]);

  // Room below the page for the keyboard, and the field scrolled clear of it.
  useLayoutEffect(() => {
    const root = document.documentElement;
    if (!field || !panel.current) return;
    root.style.setProperty('--osk-height', `${panel.current.offsetHeight}px`);
    root.dataset.osk = 'open';
    field.scrollIntoView({ block: 'nearest' });
    return () => {
      root.style.removeProperty('--osk-height');
      delete root.dataset.osk;
    };
  }, [field, wanted]);

  if (!field || !wanted) return null;

  const keep = () => {
    if (document.activeElement !== field) field.focus({ preventScroll: true });
  };
  const type = (text: string) => {
    typeInto(field, text);
    keep();
  };
  const erase = () => {
    deleteBackward(field);
    keep();
  };
  const close = () => {
    setField(null);
    field.blur();
  };
  const enter = () => {
    if (pressEnter(field)) close();
  };

  const numeric = wanted === 'numeric';
  return (
    <div
      ref={panel}
      role="group"
      aria-label="On-screen keyboard"
      className="osk fixed inset-x-0 bottom-0 z-40 border-t border-slate-300 bg-slate-100 px-2 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-8px_24px_rgba(15,23,42,0.18)]"
      // Keys must not take the focus (and the caret) away from the field.
      onPointerDown={(event) => event.preventDefault()}
      onMouseDown={(event) => event.preventDefault()}
    >
      <div
        className={`mx-auto flex flex-col gap-1.5 sm:gap-2 ${numeric ? 'max-w-md' : 'max-w-5xl'}`}
      >
        {(numeric ? NUMERIC_ROWS : TEXT_ROWS).map((row) => (
          // A row wraps on a narrow screen rather than shrink a key below 44 px.
          <div key={row.join('')} className="flex flex-wrap gap-1.5 sm:gap-2">
            {row.map((char) => {
              const shown = caps ? char.toUpperCase() : char;
              return <Key key={char} label={shown} onPress={() => type(shown)} />;
            })}
          </div>
        ))}
        <div className="flex flex-wrap gap-1.5 sm:gap-2">
          {numeric ? (
            <>
              <Key label="Close keyboard" tone="action" onPress={close}>
                <KeyboardHideIcon width={28} height={28} />
              </Key>
              <Key label="0" onPress={() => type('0')} />
              <Key label="Backspace" tone="action" onPress={erase}>
                <BackspaceIcon width={28} height={28} />
              </Key>
              <Key label="Done" tone="primary" onPress={enter} />
            </>
          ) : (
            <>
              <Key label="Close keyboard" tone="action" onPress={close}>
                <KeyboardHideIcon width={28} height={28} />
              </Key>
              <Key label="Shift" tone="action" pressed={caps} onPress={() => setCaps(!caps)}>
                ⇧
              </Key>
              <Key label="Space" wide onPress={() => type(' ')}>
                <span className="text-lg text-muted">space</span>
              </Key>
              <Key label="Backspace" tone="action" onPress={erase}>
                <BackspaceIcon width={28} height={28} />
              </Key>
              <Key label="Enter" tone="primary" wide onPress={enter} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
