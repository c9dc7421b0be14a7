import type { Producto } from '../api/schemas.ts';

/** The detail sections of a product page (storefront §2), in tab order, with the field each shows. */
export const DETAIL_SECTIONS = [
  { id: 'informacion', label: 'Información general', field: 'descripcion' },
  { id: 'modo-de-uso', label: 'Modo de uso', field: 'modouso' },
  { id: 'beneficios', label: 'Beneficios', field: 'beneficios' },
  { id: 'ingredientes', label: 'Ingredientes', field: 'ingredientes' },
] as const satisfies readonly { id: string; label: string; field: keyof Producto }[];

/**
 * The sentences of a detail text, without their final period (storefront §3: sentences separated by
 * periods; 'No especificado.' means empty). Decimal points such as '0.5%' do not split a sentence.
 */
export function sentences(text: string | null | undefined): string[] {
  const trimmed = (text ?? '').trim();
  if (/^no especificado\.?$/i.test(trimmed)) return [];
  return trimmed
    .split(/\.(?:\s+|$)/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}
