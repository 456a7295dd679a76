import type { SVGProps } from 'react';

/**
 * Inline icons: no icon font or CDN, so the offline kiosk looks the same. Each is its own
 * drawn paths in the same <svg> frame (`base`): the frame repeats, the drawings do not.
 */
type IconProps = SVGProps<SVGSVGElement>;

const base = (props: IconProps): IconProps => ({
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
  ...props,
});

export function CartIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2.5 3h2.6l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.5-1.1L21 7H6.2" />
    </svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M20 20l-4.2-4.2" />
    </svg>
  );
}

export function MinusIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M5 12h14" />
    </svg>
  );
}

export function PlusIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

export function ImageOffIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="M21 16l-5-5-8 9" />
    </svg>
  );
}

export function StoreIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M3 9l1.5-5h15L21 9M3 9h18M3 9v1a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0V9M5 13v7h14v-7" />
    </svg>
  );
}

export function ChevronIcon({ direction, ...props }: IconProps & { direction: 'left' | 'right' }) {
  return (
    <svg {...base(props)}>
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}

export function PrinterIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M6 9V3h12v6" />
      <rect x="3" y="9" width="18" height="8" rx="2" />
      <path d="M7 14h10v7H7z" />
    </svg>
  );
}

export function BackspaceIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M21 5H8l-6 7 6 7h13a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1z" />
      <path d="m12 9 6 6m0-6-6 6" />
    </svg>
  );
}

export function KeyboardHideIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <rect x="2" y="3" width="20" height="12" rx="2" />
      <path d="M6 7h.01M10 7h.01M14 7h.01M18 7h.01M7 11h10M9 19l3 3 3-3" />
    </svg>
  );
}

/** The international symbol of access. */
export function AccessibilityIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <circle cx="12" cy="4" r="1.8" />
      <path d="M5 8.5 12 10l7-1.5M12 10v5m0 0-3.5 6.5M12 15l3.5 6.5" />
    </svg>
  );
}

export function SpeakerIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
      <path d="M15.5 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" />
    </svg>
  );
}

export function GlobeIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </svg>
  );
}

export function DressIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M9 2h6l-1 5 4 14H6l4-14z" />
      <path d="M10 7h4" />
    </svg>
  );
}

export function ShirtIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M8 3 4 5 2 10l3 1.5V21h14v-9.5L22 10l-2-5-4-2a4 4 0 0 1-8 0z" />
    </svg>
  );
}

export function RingIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <circle cx="12" cy="15" r="6" />
      <path d="m9 5 3 4 3-4-1.5-2h-3z" />
    </svg>
  );
}

export function LaptopIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <rect x="4" y="4" width="16" height="11" rx="1.5" />
      <path d="M2 19h20" />
    </svg>
  );
}

/**
 * The shop's mark (a bag on a blue tile; the favicon is the same drawing). Inline: an <img>
 * of an SVG file makes the browser build a document for it, tens of ms on a cold start.
 */
export function LogoMark(props: IconProps) {
  return (
    <svg viewBox="0 0 64 64" width={36} height={36} aria-hidden="true" focusable="false" {...props}>
      <rect width="64" height="64" rx="14" fill="#1d4ed8" />
      <path d="M18 24h28l-3 22H21z" fill="#fff" />
      <path
        d="M25 24v-4a7 7 0 0 1 14 0v4"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}
