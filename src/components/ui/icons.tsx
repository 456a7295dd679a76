import { iconFrame, type IconProps } from './icon-frame';

/**
 * The icons the first download draws: the header, the landing page's categories and pickup
 * steps, the mark. One module is bundled whole into every chunk that holds it, so an icon
 * only a later page or a kiosk control draws lives in page-icons.tsx, out of the first
 * download.
 */

export function CartIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2.5 3h2.6l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.5-1.1L21 7H6.2" />
    </svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

export function StoreIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
      <path d="M3 9l1.5-5h15L21 9M3 9h18M3 9v1a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0V9M5 13v7h14v-7" />
    </svg>
  );
}

export function GlobeIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </svg>
  );
}

export function DressIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
      <path d="M9 2h6l-1 5 4 14H6l4-14z" />
      <path d="M10 7h4" />
    </svg>
  );
}

export function ShirtIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
      <path d="M8 3 4 5 2 10l3 1.5V21h14v-9.5L22 10l-2-5-4-2a4 4 0 0 1-8 0z" />
    </svg>
  );
}

export function RingIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
      <circle cx="12" cy="15" r="6" />
      <path d="m9 5 3 4 3-4-1.5-2h-3z" />
    </svg>
  );
}

export function LaptopIcon(props: IconProps) {
  return (
    <svg {...iconFrame(props)}>
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
