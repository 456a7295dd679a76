import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent as ReactFocusEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import { BackspaceIcon, KeyboardHideIcon } from '@/components/ui/page-icons';
import {
  arrowContextOf,
  arrowMove,
  isArrowKey,
  logicalArrow,
  pageIsRightToLeft,
} from '../keypad/arrow-keys';
import { claimKey } from '../keypad/claimed-keys';
import { moveInGrid, type GridPosition } from '../keypad/key-grid';
import { neighbour, readingOrder } from '../keypad/reading-order';
import { deleteBackward, pressEnter, typeInto } from './edit-field';
import { useI18n, type ShownLanguage } from '@/i18n/language-store';
import type { Language } from '@/i18n/languages';
import { keyboardText } from './keyboard.messages';
import {
  hasOwnScript,
  keyboardFor,
  letterLayout,
  NUMERIC_ROWS,
  type FieldKeyboard,
} from './keyboard-layouts';

interface KeyProps {
  label: string;
  onPress: () => void;
  children?: ReactNode;
  wide?: boolean;
  pressed?: boolean;
  tone?: 'plain' | 'action' | 'primary';
}

/** A key and where it sits in the keyboard's grid of rows, for the keypad's arrows. */
interface PlacedKeyProps extends KeyProps {
  at: GridPosition;
  /** The one key a Tab or an arrow from the field lands on (roving tabindex). */
  current: boolean;
}

function Key({
  label,
  onPress,
  children,
  wide = false,
  pressed,
  tone = 'plain',
  at,
  current,
}: PlacedKeyProps) {
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
      tabIndex={current ? 0 : -1}
      data-row={at.row}
      data-col={at.col}
      className={`osk-key grid min-h-[44px] min-w-[44px] sm:min-h-14 place-items-center rounded-xl px-1 text-center text-xl leading-tight font-semibold [overflow-wrap:anywhere] shadow-sm sm:text-2xl ${colours} ${wide ? 'grow-[2] basis-[96px] max-sm:text-base' : 'grow basis-[44px]'} ${pressed ? 'ring-4 ring-brand-600' : ''}`}
      onClick={onPress}
    >
      {children ?? label}
    </button>
  );
}

/** What a key does. */
type KeyAction =
  { kind: 'type'; text: string } | { kind: 'erase' | 'close' | 'enter' | 'caps' | 'letters' };

/** One key of a layout: what it is called, what it does and how it looks. */
type KeySpec = Omit<KeyProps, 'onPress'> & { id: string; action: KeyAction };

/** What a layout needs to know beyond the field: the shown language and its key names. */
interface LayoutContext {
  caps: boolean;
  /** The Latin letters, where the shown language has a script of its own. */
  latin: boolean;
  language: Language;
  t: ShownLanguage['t'];
}

/** The keys of a keyboard, row by row, the bottom row of actions last. */
function layoutRows(kind: FieldKeyboard, { caps, latin, language, t }: LayoutContext): KeySpec[][] {
  const numeric = kind === 'numeric';
  const letters = letterLayout(language, latin);
  const charRows = (numeric ? NUMERIC_ROWS : letters.rows).map((row) =>
    row.map((char): KeySpec => {
      const shown = caps && letters.cased ? char.toUpperCase() : char;
      return { id: char, label: shown, action: { kind: 'type', text: shown } };
    }),
  );
  const closeKey: KeySpec = {
    id: 'close',
    label: t(keyboardText.close),
    tone: 'action',
    action: { kind: 'close' },
    children: <KeyboardHideIcon width={28} height={28} />,
  };
  const backspace: KeySpec = {
    id: 'backspace',
    label: t(keyboardText.backspace),
    tone: 'action',
    action: { kind: 'erase' },
    children: <BackspaceIcon width={28} height={28} className="rtl:-scale-x-100" />,
  };
  if (numeric) {
    return [
      ...charRows,
      [
        closeKey,
        { id: '0', label: '0', action: { kind: 'type', text: '0' } },
        backspace,
        { id: 'done', label: t(keyboardText.done), tone: 'primary', action: { kind: 'enter' } },
      ],
    ];
  }
  const shift: KeySpec[] = letters.cased
    ? [
        {
          id: 'shift',
          label: t(keyboardText.shift),
          tone: 'action',
          pressed: caps,
          action: { kind: 'caps' },
          children: '⇧',
        },
      ]
    : [];
  const script: KeySpec[] = hasOwnScript(language)
    ? [
        {
          id: 'letters',
          label: latin ? t(keyboardText.ownLetters) : t(keyboardText.latinLetters),
          tone: 'action',
          action: { kind: 'letters' },
          children: latin ? 'عربي' : 'ABC',
        },
      ]
    : [];
  const bottom: KeySpec[] = [
    closeKey,
    ...shift,
    ...script,
    {
      id: 'space',
      label: t(keyboardText.space),
      wide: true,
      action: { kind: 'type', text: ' ' },
      children: (
        <span className="text-lg text-muted max-sm:text-base">{t(keyboardText.spaceShown)}</span>
      ),
    },
    backspace,
    {
      id: 'enter',
      label: t(keyboardText.enter),
      tone: 'primary',
      wide: true,
      action: { kind: 'enter' },
    },
  ];
  return [...charRows, bottom];
}

const FIRST_KEY: GridPosition = { row: 0, col: 0 };

/**
 * A touch keyboard for a kiosk without one: it opens for fields marked `data-osk`, docks
 * at the bottom and scrolls the field clear of it, and types through the field's own
 * events. It closes with its key, a touch elsewhere, Escape, or the idle wipe (which
 * unmounts it). Physical keyboards keep working alongside.
 *
 * From a keypad it sits between its field and the next control: Right at the end of the
 * text (from a quantity, Right) lands on its keys; the arrows move across them
 * (key-grid.ts), past the first key or above the top row back to the field, past the last
 * or below the bottom row on to the next control; Enter types the key. Tab leaves for the
 * next control, Shift+Tab returns to the field. Escape, Close and Enter or Done chosen from
 * the keys close it and give the focus back to the field.
 */
export function OnScreenKeyboard() {
  const [field, setField] = useState<HTMLInputElement | null>(null);
  const [caps, setCaps] = useState(false);
  const [latin, setLatin] = useState(false);
  const { t, language } = useI18n();
  const [current, setCurrent] = useState<GridPosition>(FIRST_KEY);
  const panel = useRef<HTMLDivElement>(null);
  const shownFor = useRef<HTMLInputElement | null>(null);
  const wanted = field ? keyboardFor(field) : null;

  useEffect(() => {
    shownFor.current = field;
  }, [field]);

  useEffect(() => {
    const open = (target: HTMLInputElement, kind: FieldKeyboard) => {
      // Our keyboard, not the operating system's, where a system one would pop up.
      target.inputMode = 'none';
      setCaps(kind === 'caps');
      // Voucher codes are Latin capitals, whatever the shown language writes in.
      setLatin(kind === 'caps');
      setCurrent(FIRST_KEY);
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
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement)) return;
      const kind = keyboardFor(target);
      if (!kind) return;
      // Back from its own keys: the keyboard is still open, or was closed on purpose.
      const from = event.relatedTarget;
      if (from instanceof Node && panel.current?.contains(from)) return;
      open(target, kind);
    };
    // A touch on a field the keys closed (it kept the focus) opens them again.
    const onClick = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement) || target !== document.activeElement) return;
      const kind = keyboardFor(target);
      if (kind && shownFor.current !== target) open(target, kind);
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('click', onClick);
    };
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
      if (event.key === 'Escape') {
        // The keyboard takes this Escape: the kiosk's keypad must not also go back a page.
        claimKey(event);
        close();
        return;
      }
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      // Right into the keys (Down, like Up, moves on past the field and its keyboard, so
      // a keypad arrowing down a page is not led through forty keys at every search box).
      // Towards the end of the text: Right, or Left in a page written right to left.
      const key = isArrowKey(event.key) ? logicalArrow(event.key, pageIsRightToLeft()) : null;
      if (key === 'ArrowRight' && arrowMove(key, arrowContextOf(field)) === 'next') {
        event.preventDefault();
        // As on a touch: a quantity is selected, so the first key typed replaces it.
        if (keyboardFor(field) === 'numeric') field.setSelectionRange(0, field.value.length);
        panel.current?.querySelector<HTMLElement>('.osk-key[tabindex="0"]')?.focus();
      }
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

  /** A key chosen from the keypad has the focus; a touched key never takes it. */
  const fromKeys = () => Boolean(panel.current?.contains(document.activeElement));
  const keep = () => {
    if (!fromKeys() && document.activeElement !== field) field.focus({ preventScroll: true });
  };
  /** Closed from the keys: the focus goes back to the field, which stays closed (onFocusIn). */
  const closeToField = () => {
    field.focus({ preventScroll: true });
    setField(null);
  };
  const close = () => {
    if (fromKeys()) {
      closeToField();
      return;
    }
    setField(null);
    field.blur();
  };
  const press = (action: KeyAction) => {
    switch (action.kind) {
      case 'type':
        typeInto(field, action.text);
        keep();
        return;
      case 'erase':
        deleteBackward(field);
        keep();
        return;
      case 'close':
        close();
        return;
      case 'enter':
        if (pressEnter(field)) close();
        return;
      case 'caps':
        setCaps(!caps);
        return;
      case 'letters':
        setLatin(!latin);
    }
  };
  const rows = layoutRows(wanted, { caps, latin, language, t });
  const lengths = rows.map((row) => row.length);

  const focusKey = (at: GridPosition) => {
    setCurrent(at);
    panel.current
      ?.querySelector<HTMLElement>(`.osk-key[data-row="${at.row}"][data-col="${at.col}"]`)
      ?.focus();
  };
  const leaveForward = () => {
    const order = readingOrder(document).filter((control) => !panel.current?.contains(control));
    const next = neighbour(order, field, 'next');
    if (next) next.focus();
    else closeToField();
  };
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const { key } = event;
    if (key === 'Escape') {
      claimKey(event.nativeEvent);
      closeToField();
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (key === 'Tab') {
      event.preventDefault();
      if (event.shiftKey) field.focus({ preventScroll: true });
      else leaveForward();
      return;
    }
    if (!isArrowKey(key) || event.shiftKey) return;
    event.preventDefault();
    const at = event.target instanceof HTMLElement ? event.target.dataset : {};
    const from = { row: Number(at.row ?? current.row), col: Number(at.col ?? current.col) };
    const move = moveInGrid(lengths, from, logicalArrow(key, pageIsRightToLeft()));
    if (move === 'before') field.focus({ preventScroll: true });
    else if (move === 'after') leaveForward();
    else focusKey(move);
  };
  // Leaving the keys for anything but the field or another typed field closes them.
  const onBlur = (event: ReactFocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && (next === field || panel.current?.contains(next))) return;
    if (next instanceof HTMLElement && keyboardFor(next)) return;
    setField(null);
  };

  const numeric = wanted === 'numeric';
  return (
    <div
      ref={panel}
      role="group"
      aria-label={t(keyboardText.keyboard)}
      data-osk-panel=""
      className="osk fixed inset-x-0 bottom-0 z-40 border-t border-slate-300 bg-slate-100 px-2 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-8px_24px_rgba(15,23,42,0.18)]"
      // Keys must not take the focus (and the caret) away from the field.
      onPointerDown={(event) => event.preventDefault()}
      onMouseDown={(event) => event.preventDefault()}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <div
        className={`mx-auto flex flex-col gap-1.5 sm:gap-2 ${numeric ? 'max-w-md' : 'max-w-5xl'}`}
      >
        {rows.map((row, rowIndex) => (
          // A row wraps on a narrow screen rather than shrink a key below 44 px.
          <div
            key={row.map((spec) => spec.id).join('')}
            className="flex flex-wrap gap-1.5 sm:gap-2"
          >
            {row.map(({ id, action, ...spec }, colIndex) => (
              <Key
                key={id}
                {...spec}
                onPress={() => press(action)}
                at={{ row: rowIndex, col: colIndex }}
                current={current.row === rowIndex && current.col === colIndex}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
