import { iconFrame, type IconProps } from './icon-frame';

/**
 * The icons of the pages and kiosk controls that come in later chunks (the first screen's
 * are in icons.tsx, in the first download).
 */

export function CloseIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M20 20l-4.2-4.2" />
    </svg>
  );
}

export function MinusIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
      <path d="M5 12h14" />
    </svg>
  );
}

export function PlusIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

export function ImageOffIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="M21 16l-5-5-8 9" />
    </svg>
  );
}

export function ChevronIcon({ direction, ...props }: IconProps & { direction: 'left' | 'right' }) {
  return (
    <svg {...iconFrame(props)}>
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}

export function PrinterIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
      <path d="M6 9V3h12v6" />
      <rect x="3" y="9" width="18" height="8" rx="2" />
      <path d="M7 14h10v7H7z" />
    </svg>
  );
}

export function BackspaceIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
      <path d="M21 5H8l-6 7 6 7h13a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1z" />
      <path d="m12 9 6 6m0-6-6 6" />
    </svg>
  );
}

export function KeyboardHideIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
      <rect x="2" y="3" width="20" height="12" rx="2" />
      <path d="M6 7h.01M10 7h.01M14 7h.01M18 7h.01M7 11h10M9 19l3 3 3-3" />
    </svg>
  );
}

/** The international symbol of access. */
export function AccessibilityIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
      <circle cx="12" cy="4" r="1.8" />
      <path d="M5 8.5 12 10l7-1.5M12 10v5m0 0-3.5 6.5M12 15l3.5 6.5" />
    </svg>
  );
}

export function SpeakerIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
      <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
      <path d="M15.5 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" />
    </svg>
  );
}
