/**
 * Small, dependency-free helpers shared by the demo image generators: XML escaping,
 * deterministic hashing, colour maths, text wrapping and the SVG document wrapper.
 * Everything here is pure and deterministic (no randomness, no clock).
 */

/** Generic font stacks only: the shop must render offline without web fonts. */
export const SANS = 'Helvetica, Arial, sans-serif';
export const SERIF = "Georgia, 'Times New Roman', serif";

/**
 * Escapes text for XML content and attribute values. Non-ASCII characters become numeric
 * character references, so the output is pure ASCII and safe in data: URIs or any charset;
 * characters that XML 1.0 forbids (control characters, lone surrogates) are replaced.
 */
export function esc(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '&') out += '&amp;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '"') out += '&quot;';
    else if (ch === "'") out += '&apos;';
    else if (code === 9 || code === 10 || code === 13) out += ' ';
    else if (code < 32 || code === 127) out += ' ';
    else if (code < 127) out += ch;
    else if ((code >= 0xd800 && code <= 0xdfff) || code === 0xfffe || code === 0xffff) out += '&#65533;';
    else out += `&#${code};`;
  }
  return out;
}

/** FNV-1a 32-bit hash: a stable seed for ids and layout variations. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A short id prefix (letters and digits only) so gradients of different images never clash when inlined. */
export function idFor(...parts: (string | number)[]): string {
  return 'k' + hash(parts.join('|')).toString(36).slice(0, 4);
}

type Rgb = [number, number, number];

const FALLBACK: Rgb = [0xf2, 0xa7, 0xbb];

function parseHex(color: string): Rgb {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return FALLBACK;
  let hex = m[1] ?? '';
  if (hex.length === 3) hex = hex.replace(/./g, (c) => c + c);
  return [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16)];
}

function toHex([r, g, b]: Rgb): string {
  const h = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${h(r)}${h(g)}${h(b)}`;
}

/** Normalises any colour input to #rrggbb (invalid input falls back to a soft pink). */
export function hex(color: string): string {
  return toHex(parseHex(color));
}

/** Linear mix: t = 0 gives `a`, t = 1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export const lighten = (c: string, t: number): string => mix(c, '#ffffff', t);
export const darken = (c: string, t: number): string => mix(c, '#000000', t);

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(color: string): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseHex(color);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The brand colour darkened until it reads on white (contrast of about 4.5:1 or more). */
export function ink(color: string): string {
  let c = hex(color);
  for (let i = 0; i < 12 && luminance(c) > 0.18; i++) c = darken(c, 0.14);
  return c;
}

/** White or near-black, whichever reads better on `color`. */
export function onColor(color: string): string {
  return luminance(color) > 0.42 ? '#2d2a2e' : '#ffffff';
}

/** Rounds to one decimal for compact coordinates. */
export function n(v: number): string {
  return String(Math.round(v * 10) / 10);
}

const chars = (s: string): string[] => Array.from(s);

/**
 * Greedy word wrap to at most `maxLines` lines of `maxChars` characters. Over-long words are
 * cut; if the text does not fit, the last line ends with an ellipsis.
 */
export function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const limit = Math.max(2, Math.floor(maxChars));
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let cur = '';
  for (let word of words) {
    while (chars(word).length > limit) {
      if (cur) {
        lines.push(cur);
        cur = '';
      }
      lines.push(
        chars(word)
          .slice(0, limit - 1)
          .join('') + '-',
      );
      word = chars(word)
        .slice(limit - 1)
        .join('');
    }
    const next = cur ? `${cur} ${word}` : word;
    if (chars(next).length <= limit) cur = next;
    else {
      lines.push(cur);
      cur = word;
    }
  }
  if (cur) lines.push(cur);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, Math.max(1, maxLines));
  const last = chars(kept[kept.length - 1] ?? '')
    .slice(0, limit - 1)
    .join('')
    .replace(/[\s\-,.;:(]+$/, '');
  kept[kept.length - 1] = `${last}\u2026`;
  return kept;
}

/** Removes a leading brand name from a product name ("COSRX Snail Mucin" -> "Snail Mucin"). */
export function shortName(nombre: string, marca: string): string {
  const name = nombre.replace(/\s+/g, ' ').trim();
  const brand = marca.replace(/\s+/g, ' ').trim();
  if (brand && name.toLowerCase().startsWith(brand.toLowerCase() + ' ')) return name.slice(brand.length + 1).trim();
  return name;
}

/** Multi-line <text>; `attrs` starts with a space. */
export function textLines(lines: string[], x: number, y: number, size: number, lineHeight: number, attrs = ''): string {
  if (!lines.length) return '';
  const spans = lines.map((l, i) => (i ? `<tspan x="${n(x)}" dy="${n(lineHeight)}">${esc(l)}</tspan>` : esc(l))).join('');
  return `<text x="${n(x)}" y="${n(y)}" font-size="${n(size)}"${attrs}>${spans}</text>`;
}

/**
 * One line of text fitted into `maxWidth`: the font shrinks down to `minSize`, and beyond that
 * the glyphs are condensed with textLength. `em` is the average glyph width in ems.
 */
export function fitLine(
  text: string,
  x: number,
  y: number,
  size: number,
  maxWidth: number,
  attrs = '',
  opts: { em?: number; spacing?: number; minSize?: number } = {},
): string {
  const em = opts.em ?? 0.6;
  const spacing = opts.spacing ?? 0;
  const len = chars(text).length;
  if (!len) return '';
  const width = (s: number) => len * s * em + (len - 1) * spacing;
  let s = size;
  const min = opts.minSize ?? size * 0.6;
  if (width(s) > maxWidth) s = Math.max(min, (maxWidth - (len - 1) * spacing) / (len * em));
  const squeeze = width(s) > maxWidth ? ` textLength="${n(maxWidth)}" lengthAdjust="spacingAndGlyphs"` : '';
  const ls = spacing ? ` letter-spacing="${n(spacing)}"` : '';
  return `<text x="${n(x)}" y="${n(y)}" font-size="${n(s)}"${ls}${squeeze}${attrs}>${esc(text)}</text>`;
}

/** A complete standalone SVG document with an accessible <title>. */
export function svgDoc(width: number, height: number, title: string, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"` +
    ` role="img" font-family="${SANS}"><title>${esc(title)}</title>` +
    (defs ? `<defs>${defs}</defs>` : '') +
    body +
    '</svg>'
  );
}

/** A linear gradient; stops are [offset 0..1, colour, opacity?]. */
export function linGrad(id: string, x1: number, y1: number, x2: number, y2: number, stops: [number, string, number?][]): string {
  const s = stops
    .map(([o, c, a]) => `<stop offset="${n(o)}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${n(a)}"`}/>`)
    .join('');
  return `<linearGradient id="${id}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${s}</linearGradient>`;
}

/** A Gaussian blur filter (soft shadows, glows). */
export function blur(id: string, std: number): string {
  return `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${n(std)}"/></filter>`;
}

/**
 * Wraps `text` into `maxWidth` trying each [font size, max lines] option in turn and keeping the
 * first that fits without truncation (the last option truncates with an ellipsis if needed).
 */
export function fitWrap(text: string, maxWidth: number, options: [number, number][], em = 0.56): { lines: string[]; size: number } {
  const clean = text.replace(/\s+/g, ' ').trim();
  let best = { lines: [] as string[], size: options[0]?.[0] ?? 16 };
  for (const [size, maxLines] of options) {
    const lines = wrap(clean, maxWidth / (size * em), maxLines);
    best = { lines, size };
    if (lines.join(' ') === clean) break;
  }
  return best;
}
