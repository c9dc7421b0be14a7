import sharp from 'sharp';
import { TIENDA } from '../lib/tienda.ts';

/**
 * The shop's own images, drawn from its name and colours at build time (src/pages/sin-imagen.svg.ts,
 * src/pages/imagen-social.png.ts): the neutral picture of a product without a photo, and the picture a
 * shared page shows when it has none of its own (Open Graph). No demo art: a shop that imported its own
 * catalogue shows these, whatever the demo draws.
 */

/** The shop's colour (the favicon's and the browser's theme colour). */
const COLOR = '#b02a64';
/** Generic font stacks only: the build must draw offline, without web fonts. */
const SANS = 'Helvetica, Arial, sans-serif';

/** Size of the Open Graph picture: what Facebook, WhatsApp and X show best (1.91:1). */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Text for XML: markup characters escaped, anything outside ASCII as a character reference. */
function xml(text: string): string {
  return text.replace(/[&<>"']|[^\x20-\x7e]/gu, (ch) => `&#${ch.codePointAt(0)};`);
}

/** The favicon's flower (public/favicon.svg), centred on 0,0 at `scale` (1: 64 px across). */
function flower(scale: number, petals: string, heart: string): string {
  const petal = (angle: number, opacity: number) =>
    `<ellipse rx="8" ry="14" transform="rotate(${angle}) translate(0 -10)" fill="${petals}" opacity="${opacity}"/>`;
  return (
    `<g transform="scale(${scale})">` +
    [petal(0, 0.95), petal(72, 0.8), petal(144, 0.7), petal(216, 0.8), petal(288, 0.9)].join('') +
    `<circle r="6" fill="${heart}"/></g>`
  );
}

/** A product without a photo: a grey square with a bottle's outline, «Sin imagen» and the shop's name. */
export function placeholderSvg(nombre: string = TIENDA.nombre): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800" role="img" aria-label="Sin imagen">` +
    `<rect width="800" height="800" fill="#f4f2f1"/>` +
    `<g fill="none" stroke="#bdb7b3" stroke-width="10" stroke-linejoin="round">` +
    `<rect x="362" y="230" width="76" height="56" rx="10"/><rect x="322" y="286" width="156" height="190" rx="32"/></g>` +
    `<g transform="translate(400 381)">${flower(1.3, '#d9d3cf', '#f4f2f1')}</g>` +
    `<text x="400" y="580" font-family="${SANS}" font-size="44" font-weight="700" text-anchor="middle" fill="#8d8783">Sin imagen</text>` +
    `<text x="400" y="630" font-family="${SANS}" font-size="26" text-anchor="middle" fill="#a8a29e" letter-spacing="2">${xml(nombre)}</text>` +
    `</svg>`
  );
}

/** The page a link shares when it has no picture of its own: the shop's flower and name on its colour. */
export function socialImageSvg(nombre: string = TIENDA.nombre): string {
  const { width, height } = SOCIAL_IMAGE_SIZE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" fill="${COLOR}"/>` +
    `<circle cx="${width / 2}" cy="230" r="112" fill="#fff" opacity="0.12"/>` +
    `<g transform="translate(${width / 2} 230)">${flower(5, '#fff', COLOR)}</g>` +
    `<text x="${width / 2}" y="470" font-family="${SANS}" font-size="84" font-weight="700" text-anchor="middle" fill="#fff">${xml(nombre)}</text>` +
    `</svg>`
  );
}

/** socialImageSvg as a PNG: the format every network's preview reads (none takes SVG). */
export function socialImagePng(nombre: string = TIENDA.nombre): Promise<Buffer> {
  return sharp(Buffer.from(socialImageSvg(nombre)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
