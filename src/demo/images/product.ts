/** 800×800 product shots (main and hover variants) and the "Sin imagen" placeholder. */
import type { Envase } from '../types.ts';
import { brandText, drawEnvase, packDefs } from './packaging.ts';
import { sparkle } from './scene.ts';
import { blur, darken, hash, hex, idFor, lighten, linGrad, mix, n, shortName, svgDoc } from './svg.ts';

export interface ProductImageInput {
  nombre: string;
  marca: string;
  /** Brand primary and accent colour (#rrggbb). */
  colores: [string, string];
  envase: Envase;
  /** 1 = main shot, 2 = hover/alternate shot. */
  variante: 1 | 2;
}

type Texture = 'crema' | 'liquido' | 'color';

const TEXTURE: Record<Envase, Texture> = {
  frasco: 'liquido',
  gotero: 'liquido',
  spray: 'liquido',
  tubo: 'crema',
  pote: 'crema',
  sobre: 'crema',
  set: 'crema',
  barra: 'color',
  paleta: 'color',
  cushion: 'color',
  herramienta: 'color',
};

/** A dollop of cream, a few serum drops or a colour swipe lying on the table at (x, y). */
function swatch(kind: Texture, x: number, y: number, c1: string, c2: string): string {
  let art: string;
  if (kind === 'liquido') {
    const tint = lighten(c1, 0.45);
    const drops: [number, number, number][] = [
      [0, 0, 34],
      [60, 14, 20],
      [-48, 22, 14],
      [28, 38, 9],
    ];
    art = drops
      .map(
        ([dx, dy, r]) =>
          `<ellipse cx="${dx}" cy="${dy}" rx="${r}" ry="${n(r * 0.6)}" fill="${tint}" opacity=".85"/>` +
          `<ellipse cx="${dx}" cy="${n(dy + r * 0.16)}" rx="${n(r * 0.78)}" ry="${n(r * 0.36)}" fill="${darken(c1, 0.05)}" opacity=".2"/>` +
          `<ellipse cx="${n(dx - r * 0.35)}" cy="${n(dy - r * 0.25)}" rx="${n(r * 0.3)}" ry="${n(r * 0.14)}" fill="#fff" opacity=".9"/>`,
      )
      .join('');
  } else if (kind === 'color') {
    const fill = mix(c2, c1, 0.3);
    art =
      `<path d="M-100 20C-70-6 0-20 86-17C98-16 100-5 89-2C15 5-38 18-85 32C-101 37-109 28-100 20Z" fill="${fill}"/>` +
      `<path d="M86-9H115M82-3H108M89-15H105" stroke="${fill}" stroke-width="3" stroke-linecap="round"/>` +
      `<path d="M-77 18C-38 3 15-8 69-9" stroke="#fff" stroke-width="5" stroke-linecap="round" fill="none" opacity=".4"/>`;
  } else {
    const fill = mix('#fffaf5', c2, 0.1);
    const edge = mix('#e9ddd2', c2, 0.2);
    art =
      `<ellipse cy="16" rx="74" ry="12" fill="${edge}" opacity=".7"/>` +
      [
        'M-70 6C-74-16-32-22 0-20C42-22 74-14 70 6C64 24-64 24-70 6Z',
        'M-48-14C-50-34-12-38 4-36C32-38 52-30 48-14C44 0-44 0-48-14Z',
        'M-26-34C-28-50 0-56 10-70C14-54 30-50 26-34C22-24-22-24-26-34Z',
      ]
        .map((d) => `<path d="${d}" fill="${edge}"/><path transform="translate(0 -3)" d="${d}" fill="${fill}"/>`)
        .join('') +
      `<path d="M-50-2C-30-10 0-10 20-8M-30-24C-18-30 0-30 10-28" stroke="#fff" stroke-width="5" stroke-linecap="round" fill="none"/>`;
  }
  return `<g transform="translate(${x} ${y}) scale(1.35)">${art}</g>`;
}

/** A soft botanical sprig behind the product; mirrored to the right side when `right`. */
function sprig(color: string, right: boolean): string {
  const spots: [number, number, number][] = [
    [196, 560, -50],
    [232, 470, 40],
    [206, 410, -40],
    [246, 350, 30],
    [228, 290, -20],
  ];
  const leaves = spots.map(([x, y, r]) => `<ellipse cx="${x}" cy="${y}" rx="34" ry="15" transform="rotate(${r} ${x} ${y})"/>`).join('');
  return (
    `<g fill="${color}" opacity=".45"${right ? ' transform="matrix(-1 0 0 1 800 0)"' : ''}>` +
    `<path d="M172 690C180 560 210 420 236 270" stroke="${color}" stroke-width="5" fill="none"/>${leaves}</g>`
  );
}

/** The 800×800 product photo of a demo product. */
export function productImageSvg(input: ProductImageInput): string {
  const c1 = hex(input.colores[0]);
  const c2 = hex(input.colores[1]);
  const alt = input.variante === 2;
  const id = idFor('p', input.nombre, input.marca, c1, c2, input.envase, alt ? 2 : 1);
  const art = drawEnvase(input.envase, {
    id,
    c1,
    c2,
    brand: brandText(input.marca),
    name: shortName(input.nombre, input.marca),
  });
  const title = `${input.nombre.trim()} \u2013 ${input.marca.trim()}${alt ? ' (textura)' : ''}`;
  let defs = packDefs(id, c1, c2) + blur(`${id}s`, 10);
  let body: string;
  if (!alt) {
    defs += linGrad(`${id}g`, 0, 0, 0, 1, [
      [0, lighten(c1, 0.9)],
      [1, lighten(c2, 0.78)],
    ]);
    body =
      `<rect width="800" height="800" fill="url(#${id}g)"/>` +
      `<circle cx="400" cy="380" r="290" fill="#fff" opacity=".5"/>` +
      sprig(mix(c2, '#7fae8c', 0.55), hash(input.nombre) % 2 === 1) +
      sparkle(650, 180, 26, '#fff') +
      sparkle(150, 260, 16, '#fff', 0.8) +
      `<path d="M110 680V752A290 48 0 0 0 690 752V680Z" fill="${lighten(c2, 0.6)}"/>` +
      `<ellipse cx="400" cy="680" rx="290" ry="48" fill="${lighten(c2, 0.82)}"/>` +
      `<ellipse cx="400" cy="684" rx="${art.half + 16}" ry="20" fill="${darken(c1, 0.5)}" opacity=".22" filter="url(#${id}s)"/>` +
      art.svg;
  } else {
    defs += linGrad(`${id}g`, 0, 0, 1, 1, [
      [0, lighten(c2, 0.72)],
      [1, lighten(c1, 0.86)],
    ]);
    body =
      `<rect width="800" height="800" fill="url(#${id}g)"/>` +
      `<path d="M268 720V320A212 212 0 0 1 692 320V720Z" fill="#fff" opacity=".5"/>` +
      `<rect y="700" width="800" height="100" fill="${lighten(c1, 0.74)}"/>` +
      `<rect y="700" width="800" height="4" fill="#fff" opacity=".6"/>` +
      `<ellipse cx="480" cy="704" rx="${n((art.half + 14) * 0.86)}" ry="16" fill="${darken(c1, 0.5)}" opacity=".22" filter="url(#${id}s)"/>` +
      `<g transform="translate(480 702) scale(.86) translate(-400 -680)">${art.svg}</g>` +
      swatch(TEXTURE[input.envase] ?? 'crema', 170, 732, c1, c2);
  }
  return svgDoc(800, 800, title, defs, body);
}

/** The neutral default product image ("Sin imagen"). */
export function placeholderSvg(): string {
  const defs = linGrad('phg', 0, 0, 0, 1, [
    [0, '#f6f5f4'],
    [1, '#e9e7e5'],
  ]);
  const body =
    `<rect width="800" height="800" fill="url(#phg)"/>` +
    `<circle cx="400" cy="350" r="150" fill="#fff" opacity=".7"/>` +
    `<g fill="none" stroke="#b9b4b0" stroke-width="10" stroke-linejoin="round" stroke-linecap="round">` +
    `<rect x="362" y="240" width="76" height="56" rx="10"/><rect x="332" y="296" width="136" height="170" rx="30"/>` +
    `<path d="M356 380h88M356 410h60"/></g>` +
    `<path d="M300 470L500 230" stroke="#d3cfcb" stroke-width="10" stroke-linecap="round"/>` +
    `<text x="400" y="590" font-size="44" text-anchor="middle" fill="#8d8783" font-weight="700">Sin imagen</text>` +
    `<text x="400" y="636" font-size="24" text-anchor="middle" fill="#a8a29e" letter-spacing="3">K-BEAUTY PER&#218;</text>`;
  return svgDoc(800, 800, 'Sin imagen', defs, body);
}
