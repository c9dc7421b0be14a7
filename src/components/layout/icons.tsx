/** The layout's line icons (24 px grid, currentColor), decorative: the control around them carries the name. */
const PATHS = {
  search: 'M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.25 4.24-1.42 1.42-4.24-4.25A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z',
  user: 'M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Zm0 8c4.2 0 8 2.1 8 5.5V21H4v-2.5C4 15.1 7.8 13 12 13Zm0 2c-3.3 0-6 1.5-6 3.5v.5h12v-.5c0-2-2.7-3.5-6-3.5Z',
  bag: 'M8 7V6a4 4 0 0 1 8 0v1h3.2l1 14H3.8l1-14H8Zm2 0h4V6a2 2 0 1 0-4 0v1Zm-3.3 2-.7 10h12l-.7-10H16v2h-2V9h-4v2H8V9H6.7Z',
  menu: 'M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z',
  close: 'M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4 6.4 5Z',
  home: 'M12 3.2 21 10v11h-7v-6h-4v6H3V10l9-6.8Zm0 2.5-7 5.3V19h3v-6h8v6h3v-8l-7-5.3Z',
  chevronDown: 'M6.4 8.6 12 14.2l5.6-5.6L19 10l-7 7-7-7 1.4-1.4Z',
  chevronRight: 'M9.4 5 16.4 12l-7 7L8 17.6l5.6-5.6L8 6.4 9.4 5Z',
  send: 'M3 20.5V14l9-2-9-2V3.5L22 12 3 20.5Z',
  pin: 'M12 2a7 7 0 0 1 7 7c0 5.2-7 13-7 13S5 14.2 5 9a7 7 0 0 1 7-7Zm0 4.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z',
  clock: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm1 3v4.6l3.4 2-1 1.7L11 12.7V7h2Z',
  whatsapp:
    'M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2c-1.5 0-3-.4-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5c-.2 0-.5.1-.7.3-.2.3-.9.9-.9 2.2s1 2.5 1.1 2.7c.1.2 1.9 2.9 4.6 4 1.7.7 2.4.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.1-1.2l-.5-.3Z',
  instagram:
    'M12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6Zm5.5-3.2a1.2 1.2 0 1 1 0 2.4 1.2 1.2 0 0 1 0-2.4ZM7.5 2h9A5.5 5.5 0 0 1 22 7.5v9a5.5 5.5 0 0 1-5.5 5.5h-9A5.5 5.5 0 0 1 2 16.5v-9A5.5 5.5 0 0 1 7.5 2Zm0 2A3.5 3.5 0 0 0 4 7.5v9A3.5 3.5 0 0 0 7.5 20h9a3.5 3.5 0 0 0 3.5-3.5v-9A3.5 3.5 0 0 0 16.5 4h-9Z',
  tiktok:
    'M16.6 2c.3 2.3 1.8 3.9 4.4 4.1v3.1a8 8 0 0 1-4.3-1.3v6.4c0 3.9-2.6 6.7-6.4 6.7a6.3 6.3 0 0 1-6.3-6.4c0-3.9 3.2-6.6 7.2-6.3v3.2c-2-.4-3.9.7-3.9 3 0 1.7 1.3 3.2 3.1 3.2 2 0 3.1-1.4 3.1-3.6V2h3.1Z',
  book: 'M5 3h11a3 3 0 0 1 3 3v15H7a3 3 0 0 1-3-3V4a1 1 0 0 1 1-1Zm1 2v11.2c.3-.1.6-.2 1-.2h10V6a1 1 0 0 0-1-1H6Zm1 13a1 1 0 1 0 0 2h10v-2H7Zm2-11h6v2H9V7Z',
  mail: 'M3 5h18v14H3V5Zm2 2v.5l7 4.4 7-4.4V7H5Zm14 2.9-7 4.4-7-4.4V17h14V9.9Z',
  pause: 'M6.5 4.5h4v15h-4v-15Zm7 0h4v15h-4v-15Z',
  play: 'M7.5 4.5v15l12-7.5-12-7.5Z',
} as const;

export type IconName = keyof typeof PATHS;

interface Props {
  name: IconName;
  size?: number;
  className?: string;
}

/** An inline SVG icon, hidden from assistive technology. */
export default function Icon({ name, size = 24, className }: Props) {
  return (
    <svg className={className} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path fill="currentColor" d={PATHS[name]} />
    </svg>
  );
}
