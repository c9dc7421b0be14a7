/** The printed label of a packaging drawing: brand, accent rule and wrapped product name. */
import { fitLine, ink, mix, n, onColor, textLines, wrap } from './svg.ts';

export interface PackCtx {
  /** Id prefix of the gradients made by packDefs. */
  id: string;
  /** Brand primary colour (packaging body). */
  c1: string;
  /** Brand accent colour (caps, lids). */
  c2: string;
  /** Brand name as printed (already uppercased); '' draws a blank label. */
  brand: string;
  /** Shortened product name; '' draws a blank label. */
  name: string;
}

export interface LabelOpt {
  lines?: number;
  size?: number;
  /** Print straight on a surface of this colour instead of on a white label. */
  on?: string;
  rx?: number;
}

/** Brand, accent rule and wrapped product name, vertically centred in the box. */
export function label(ctx: PackCtx, cx: number, top: number, w: number, h: number, opt: LabelOpt = {}): string {
  const s = opt.size ?? 22;
  const bs = Math.round(s * 0.95);
  const main = opt.on ? onColor(opt.on) : ink(ctx.c1);
  const sub = opt.on ? main : mix(main, '#6f6a70', 0.45);
  let out = opt.on
    ? ''
    : `<rect x="${n(cx - w / 2)}" y="${top}" width="${w}" height="${h}" rx="${opt.rx ?? 8}" fill="#fffdfb" opacity=".94"/>`;
  const inner = w - 24;
  if (!ctx.brand && !ctx.name) {
    const y = top + h / 2;
    out += `<rect x="${n(cx - inner * 0.3)}" y="${n(y - 14)}" width="${n(inner * 0.6)}" height="8" rx="4" fill="${main}" opacity=".55"/>`;
    out += `<rect x="${n(cx - inner * 0.4)}" y="${n(y + 4)}" width="${n(inner * 0.8)}" height="6" rx="3" fill="${sub}" opacity=".35"/>`;
    return out;
  }
  const lines = wrap(ctx.name, inner / (s * 0.54), opt.lines ?? 3);
  const lh = s * 1.22;
  // A long multi-word brand that would print too small goes on two balanced lines.
  let brand = [ctx.brand];
  const words = ctx.brand.split(' ');
  if (words.length > 1 && ctx.brand.length * bs * 0.7 > inner / 0.75) {
    let cut = 1;
    const gap = (k: number) => Math.abs(words.slice(0, k).join(' ').length - words.slice(k).join(' ').length);
    for (let k = 2; k < words.length; k++) if (gap(k) < gap(cut)) cut = k;
    brand = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
  }
  const total = brand.length * bs * 1.1 + 22 + lines.length * lh;
  let y = top + (h - total) / 2 + bs * 0.82;
  const mid = ` text-anchor="middle" fill="${main}"`;
  brand.forEach((b, i) => {
    out += fitLine(b, cx, y + i * bs * 1.1, bs, inner, ` font-weight="700"${mid}`, { em: 0.7, spacing: 1.5, minSize: 9 });
  });
  y += (brand.length - 1) * bs * 1.1;
  y += 12;
  out += `<rect x="${n(cx - 16)}" y="${n(y)}" width="32" height="2.5" fill="${opt.on ? main : mix(ctx.c2, main, 0.25)}" opacity=".8"/>`;
  y += 10 + s * 0.9;
  out += textLines(lines, cx, y, s, lh, ` text-anchor="middle" fill="${sub}"`);
  return out;
}
