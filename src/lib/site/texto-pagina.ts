import { esRutaTienda } from './rutas.ts';

/**
 * The static pages' editable text (issue 37): plain text with a little markup an owner can type —
 * a blank line between paragraphs, '- ' at the start of each line of a list, **negrita** and
 * [enlace](/ruta) — and {valores} of the shop filled in at build ({envioGratis}, {diasDevolucion}…),
 * so the copy stays true when a setting changes. One reader for the build and the back office's preview.
 */

/** A piece of a line: text, bold, or a link. */
export type Trozo = { texto: string; negrita?: boolean; href?: string };
export type Bloque = { tipo: 'parrafo'; trozos: Trozo[] } | { tipo: 'lista'; items: Trozo[][] };

/** Links the text may hold: a path of the shop, an https address, an e-mail or a phone. */
export const enlaceSeguro = (href: string) =>
  esRutaTienda(href) || /^https:\/\/[^\s"<>]+$/.test(href) || /^(mailto|tel):[^\s"<>]+$/.test(href);

/** {clave} replaced by its value; unknown keys are left as typed (the preview shows them). */
export const rellenar = (texto: string, valores: Record<string, string | number>) =>
  texto.replace(/\{(\w+)\}/g, (todo, clave: string) => (clave in valores ? String(valores[clave]) : todo));

/** A line's bold and links; a link to somewhere unsafe stays as its text. */
export function trozos(linea: string): Trozo[] {
  const salida: Trozo[] = [];
  const patron = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let desde = 0;
  for (const m of linea.matchAll(patron)) {
    if (m.index > desde) salida.push({ texto: linea.slice(desde, m.index) });
    if (m[1] !== undefined) salida.push({ texto: m[1], negrita: true });
    else salida.push(enlaceSeguro(m[3]!) ? { texto: m[2]!, href: m[3]! } : { texto: m[2]! });
    desde = m.index + m[0].length;
  }
  if (desde < linea.length) salida.push({ texto: linea.slice(desde) });
  return salida;
}

/** The text's paragraphs and lists, in order. */
export function bloques(texto: string): Bloque[] {
  return texto
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((parte) =>
      parte
        .split('\n')
        .map((linea) => linea.trim())
        .filter(Boolean),
    )
    .filter((lineas) => lineas.length > 0)
    .map((lineas): Bloque =>
      lineas.every((linea) => linea.startsWith('- '))
        ? { tipo: 'lista', items: lineas.map((linea) => trozos(linea.slice(2).trim())) }
        : { tipo: 'parrafo', trozos: trozos(lineas.join(' ')) },
    );
}

/** The text without its markup (a FAQ's answer in JSON-LD, a description). */
export const textoPlanoDe = (texto: string) =>
  bloques(texto)
    .flatMap((bloque) => (bloque.tipo === 'parrafo' ? [bloque.trozos] : bloque.items))
    .map((linea) => linea.map((trozo) => trozo.texto).join(''))
    .join(' ');
