/** Brand logos, home banners, the promotional popup and social tiles. */
import { bubble, dropShadow, lying, sceneDefs, sparkle, standing, trio } from './scene.ts';
import { blur, darken, esc, fitLine, fitWrap, hash, hex, idFor, ink, lighten, linGrad, mix, n, SERIF, svgDoc, textLines } from './svg.ts';

export interface BrandLogoInput {
  nombre: string;
  colores: [string, string];
}

export interface BannerInput {
  titulo: string;
  subtitulo: string;
  colores: [string, string];
  /** Position in the carousel; varies the composition. */
  indice: number;
}

export interface PopupInput {
  titulo: string;
  subtitulo: string;
  colores: [string, string];
}

export interface SocialInput {
  titulo: string;
  colores: [string, string];
  indice: number;
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** 240×120 wordmark on a transparent background; the style is picked from the brand name. */
export function brandLogoSvg(input: BrandLogoInput): string {
  const name = clean(input.nombre);
  const c1 = ink(input.colores[0]);
  const c2 = hex(input.colores[1]);
  const accent = mix(c2, c1, 0.2);
  const style = hash(name) % 3;
  const words = name.split(' ');
  // Long multi-word names go on two lines, split where the halves are most even.
  let lines = [name];
  if (Array.from(name).length > 11 && words.length > 1) {
    let best = 1;
    for (let i = 1; i < words.length; i++) {
      const d = (k: number) => Math.abs(words.slice(0, k).join(' ').length - words.slice(k).join(' ').length);
      if (d(i) < d(best)) best = i;
    }
    lines = [words.slice(0, best).join(' '), words.slice(best).join(' ')];
  }
  const two = lines.length === 2;
  const fill = ` text-anchor="middle" fill="${c1}"`;
  let body = '';
  const y0 = two ? 54 : 70;
  const size = two ? 32 : 40;
  lines.forEach((line, i) => {
    const y = y0 + i * 36;
    if (style === 0)
      body += fitLine(line.toUpperCase(), 120, y, size, 212, ` font-weight="700"${fill}`, { em: 0.72, spacing: 3, minSize: 12 });
    else if (style === 1)
      body += fitLine(line, 120, y, size + 4, 212, ` font-family="${SERIF}" font-style="italic"${fill}`, { em: 0.5, minSize: 12 });
    else body += fitLine(line.toLowerCase(), 120, y, size + 2, 212, ` font-weight="700"${fill}`, { em: 0.58, spacing: -0.5, minSize: 12 });
  });
  const yb = two ? 104 : 94;
  if (style === 0) body += `<rect x="100" y="${yb - 4}" width="40" height="4" rx="2" fill="${accent}"/>`;
  else if (style === 1)
    body += `<path d="M72 ${yb - 2}H108M132 ${yb - 2}H168" stroke="${accent}" stroke-width="1.5"/>` + sparkle(120, yb - 2, 6, accent, 1);
  else body += `<circle cx="120" cy="${yb - 2}" r="5" fill="${accent}"/>`;
  return svgDoc(240, 120, `Logo de ${name}`, '', body);
}

/** Title and subtitle block vertically centred on `mid`. */
function headline(
  title: string[],
  sub: string[],
  x: number,
  mid: number,
  ts: number,
  ss: number,
  anchor: string,
  colors: [string, string],
): { svg: string; top: number; bottom: number } {
  const tl = ts * 1.1;
  const sl = ss * 1.3;
  const h = title.length * tl + 24 + sub.length * sl;
  const top = mid - h / 2;
  const a = anchor === 'middle' ? ' text-anchor="middle"' : '';
  const svg =
    textLines(title, x, top + ts * 0.86, ts, tl, ` font-weight="800" fill="${colors[0]}"${a}`) +
    textLines(sub, x, top + title.length * tl + 24 + ss * 0.9, ss, sl, ` fill="${colors[1]}"${a}`);
  return { svg, top, bottom: top + h };
}

/** 1600×600 home carousel banner: text on the left, products and bubbles on the right. */
export function bannerSvg(input: BannerInput): string {
  const c1 = hex(input.colores[0]);
  const c2 = hex(input.colores[1]);
  const i = Math.abs(Math.trunc(input.indice));
  const id = idFor('b', input.titulo, input.subtitulo, c1, c2, i);
  const t = ink(c1);
  const defs =
    linGrad(`${id}g`, 0, 0, 1, 1, [
      [0, lighten(c1, 0.86)],
      [0.55, lighten(c2, 0.8)],
      [1, lighten(c2, 0.62)],
    ]) +
    sceneDefs(id, c1, c2) +
    blur(`${id}s`, 8);
  const [a, b, c] = trio(i);
  const title = fitWrap(
    input.titulo,
    800,
    [
      [92, 2],
      [80, 2],
      [72, 3],
      [60, 3],
    ],
    0.56,
  );
  const sub = fitWrap(
    input.subtitulo,
    760,
    [
      [50, 2],
      [44, 2],
      [38, 3],
    ],
    0.52,
  );
  const head = headline(title.lines, sub.lines, 110, 270, title.size, sub.size, 'start', [t, mix(t, '#4b4448', 0.5)]);
  let deco = '';
  for (let k = 0; k < 6; k++) {
    const h = hash(`${id}${k}`);
    deco += bubble(980 + (h % 560), 60 + ((h >>> 8) % 200), 10 + ((h >>> 16) % 22), lighten(c2, 0.4));
  }
  const body =
    `<rect width="1600" height="600" fill="url(#${id}g)"/>` +
    `<circle cx="${i % 2 ? 1210 : 1260}" cy="300" r="330" fill="#fff" opacity=".42"/>` +
    `<circle cx="1540" cy="${i % 2 ? 520 : 70}" r="170" fill="${lighten(c1, 0.55)}" opacity=".5"/>` +
    `<path d="M0 600V520Q300 470 620 540T1100 560V600Z" fill="#fff" opacity=".35"/>` +
    deco +
    `<path d="M930 520V556A330 42 0 0 0 1590 556V520Z" fill="${lighten(c2, 0.5)}"/>` +
    `<ellipse cx="1260" cy="520" rx="330" ry="42" fill="${lighten(c2, 0.78)}"/>` +
    standing(id, a, 2, c1, c2, 1070, 520, 0.5) +
    standing(id, c, 2, c1, c2, 1450, 520, 0.5) +
    standing(id, b, 1, c1, c2, 1260, 528, 0.66) +
    sparkle(1380, 150, 22, '#fff') +
    sparkle(1000, 420, 14, '#fff') +
    `<text x="112" y="${n(head.top - 30)}" font-size="26" letter-spacing="6" font-weight="700" fill="${mix(c2, t, 0.55)}">K-BEAUTY PER&#218;</text>` +
    // No drawn button: the carousel puts a real 'SHOP NOW!' link on banners that have a route.
    head.svg;
  return svgDoc(1600, 600, clean(input.titulo), defs, body);
}

/** 600×600 promotional popup; a percentage in the title is shown as a big badge. */
export function popupSvg(input: PopupInput): string {
  const c1 = hex(input.colores[0]);
  const c2 = hex(input.colores[1]);
  const id = idFor('o', input.titulo, input.subtitulo, c1, c2);
  const t = ink(c1);
  const pct = /(\d{1,3})\s?%/.exec(input.titulo)?.[1];
  const defs =
    linGrad(`${id}g`, 0, 0, 1, 1, [
      [0, lighten(c1, 0.82)],
      [1, lighten(c2, 0.66)],
    ]) + (pct ? '' : sceneDefs(id, c1, c2) + blur(`${id}s`, 6));
  const badge = pct
    ? `<text x="300" y="232" font-size="${pct.length > 2 ? 96 : 120}" font-weight="800" text-anchor="middle" fill="${t}">${esc(pct)}<tspan font-size="64">%</tspan></text>` +
      `<text x="300" y="272" font-size="24" font-weight="700" letter-spacing="5" text-anchor="middle" fill="${mix(c2, t, 0.5)}">DSCTO.</text>`
    : standing(id, 'set', 1, c1, c2, 300, 262, 0.34);
  const title = fitWrap(
    input.titulo,
    480,
    [
      [38, 2],
      [38, 3],
      [32, 3],
      [28, 4],
    ],
    0.58,
  );
  const sub = fitWrap(
    input.subtitulo,
    480,
    [
      [22, 2],
      [20, 3],
    ],
    0.52,
  );
  const head = headline(title.lines, sub.lines, 300, 446, title.size, sub.size, 'middle', [t, mix(t, '#4b4448', 0.5)]);
  const body =
    `<rect width="600" height="600" fill="url(#${id}g)"/>` +
    `<circle cx="540" cy="70" r="120" fill="${lighten(c2, 0.5)}" opacity=".45"/>` +
    `<circle cx="40" cy="560" r="110" fill="${lighten(c1, 0.5)}" opacity=".45"/>` +
    `<rect x="24" y="24" width="552" height="552" rx="30" fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="12 10" opacity=".9"/>` +
    `<circle cx="300" cy="196" r="118" fill="#fff" opacity=".85"/>` +
    `<circle cx="300" cy="196" r="132" fill="none" stroke="#fff" stroke-width="2" opacity=".8"/>` +
    sparkle(450, 110, 18, '#fff') +
    sparkle(150, 270, 12, '#fff') +
    sparkle(470, 300, 9, mix(c2, '#ffffff', 0.3)) +
    `<text x="300" y="66" font-size="18" letter-spacing="5" font-weight="700" text-anchor="middle" fill="${mix(c2, t, 0.55)}">K-BEAUTY PER&#218;</text>` +
    badge +
    head.svg;
  return svgDoc(600, 600, clean(input.titulo), defs, body);
}

/** 540×960 social tile: a shelf scene (even indice) or a flat-lay (odd indice). */
export function socialSvg(input: SocialInput): string {
  const c1 = hex(input.colores[0]);
  const c2 = hex(input.colores[1]);
  const i = Math.abs(Math.trunc(input.indice));
  const id = idFor('s', input.titulo, c1, c2, i);
  const t = ink(c1);
  const [a, b, c] = trio(i);
  const { lines: title, size: ts } = fitWrap(
    input.titulo,
    440,
    [
      [58, 2],
      [58, 3],
      [48, 3],
      [42, 4],
    ],
    0.58,
  );
  const tl = ts * 1.1;
  let defs = sceneDefs(id, c1, c2);
  let body: string;
  if (i % 2 === 0) {
    defs +=
      linGrad(`${id}g`, 0, 0, 0, 1, [
        [0, lighten(c2, 0.82)],
        [1, lighten(c1, 0.78)],
      ]) + blur(`${id}s`, 7);
    body =
      `<rect width="540" height="960" fill="url(#${id}g)"/>` +
      `<path d="M300 0H420L150 960H30ZM470 0H520L250 960H200Z" fill="#fff" opacity=".3"/>` +
      `<path d="M70 780V470A200 200 0 0 1 470 470V780Z" fill="#fff" opacity=".45"/>` +
      `<rect y="770" width="540" height="190" fill="${lighten(c2, 0.55)}"/>` +
      `<rect y="770" width="540" height="8" fill="#fff" opacity=".7"/>` +
      `<path d="M462 620C480 560 520 530 540 516V770H452Z" fill="${mix(c1, '#7fa88a', 0.6)}" opacity=".3"/>` +
      standing(id, a, 2, c1, c2, 118, 772, 0.5) +
      standing(id, c, 1, c1, c2, 430, 772, 0.48) +
      standing(id, b, 1, c1, c2, 276, 782, 0.62) +
      bubble(96, 420, 22, lighten(c2, 0.4)) +
      bubble(450, 380, 14, lighten(c1, 0.4)) +
      sparkle(400, 300, 16, '#fff') +
      textLines(title, 44, 76 + ts, ts, tl, ` font-weight="800" fill="${t}"`) +
      `<rect x="44" y="${n(76 + ts + (title.length - 1) * tl + 34)}" width="70" height="6" rx="3" fill="${mix(c2, t, 0.3)}"/>`;
  } else {
    defs += dropShadow(id, 10, 16, 9);
    const spots: [number, number, number][] = [
      [80, 400, 20],
      [480, 520, -30],
      [110, 860, 50],
      [430, 840, 10],
      [290, 440, 70],
    ];
    const petals = spots
      .map(
        ([x, y, r]) =>
          `<ellipse cx="${x}" cy="${y}" rx="20" ry="11" fill="${lighten(c1, 0.35)}" opacity=".8" transform="rotate(${r} ${x} ${y})"/>`,
      )
      .join('');
    body =
      `<rect width="540" height="960" fill="${lighten(c2, 0.76)}"/>` +
      `<circle cx="420" cy="760" r="210" fill="#fff" opacity=".35"/>` +
      petals +
      lying(id, a, 1, c1, c2, 170, 540, 0.46, -28) +
      lying(id, b, 2, c1, c2, 392, 620, 0.44, 18) +
      lying(id, c, 1, c1, c2, 240, 772, 0.36, 72) +
      `<path d="M370 400C390 380 430 378 460 390C480 400 470 422 440 426C410 430 360 426 370 400Z" fill="#fffaf4" filter="url(#${id}d)"/>` +
      `<rect x="36" y="60" width="468" height="${n(title.length * tl + 70)}" rx="26" fill="#fff" opacity=".9"/>` +
      textLines(title, 270, 95 + ts * 0.86, ts, tl, ` font-weight="800" text-anchor="middle" fill="${t}"`) +
      sparkle(470, 420, 14, '#fff') +
      sparkle(80, 360, 10, '#fff');
  }
  body += `<text x="270" y="920" font-size="24" letter-spacing="5" font-weight="700" text-anchor="middle" fill="${darken(t, 0.1)}" opacity=".8">K-BEAUTY PER&#218;</text>`;
  return svgDoc(540, 960, clean(input.titulo), defs, body);
}
