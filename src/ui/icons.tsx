import sprite from './icons.svg?url&no-inline';

/**
 * The layout's line icons (24 px grid, currentColor), decorative: the control around them carries the
 * name. Their shapes live once in icons.svg, a sprite the build emits as one cached file; a page holds
 * only `<use>` references (inline paths were 12 KB of every product page).
 */
export const ICON_NAMES = [
  'search',
  'user',
  'bag',
  'menu',
  'close',
  'home',
  'chevronDown',
  'chevronRight',
  'send',
  'pin',
  'clock',
  'whatsapp',
  'instagram',
  'tiktok',
  'facebook',
  'youtube',
  'book',
  'mail',
  'pause',
  'play',
  'eye',
  'expand',
  'leaf',
  'share',
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** An icon's address in the sprite. */
export const iconHref = (name: IconName) => `${sprite}#${name}`;

interface Props {
  name: IconName;
  size?: number;
  className?: string;
}

/**
 * An SVG icon from the sprite, hidden from assistive technology (in .astro files, Icon.astro: the same
 * markup without a React render of its own for each icon, dozens a page). The sprite's <symbol> carries the
 * viewBox, so the <svg> needs only its size (a page holds dozens of these: 38 bytes each matter).
 */
export default function Icon({ name, size = 24, className }: Props) {
  return (
    <svg className={className} width={size} height={size} aria-hidden="true">
      <use href={iconHref(name)} />
    </svg>
  );
}
