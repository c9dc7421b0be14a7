import { mensajeControles, tieneControles } from '../api/text-schemas.ts';

/**
 * Why a brand, line, categoría or child category name cannot name a page of its own (/marcas/{marca},
 * /{categoría}, /categoria/{child}; routes.ts), in Spanish; undefined when it can. A slash or
 * backslash would split the path (Astro then fails the whole build: "Missing parameter"), `?`, `#`
 * and `%` end or escape it where a link is written unencoded, `<` and `>` are markup, a control character no URL keeps, and a name without a letter or digit ('', '.', '..',
 * '---') leaves no page to go to. The one rule the catalogue import applies (the operator API's
 * POST /admin/api/importar and `npm run shop -- importar`), the only way such names enter the shop.
 */
export function motivoNombreDePagina(campo: string, nombre: string): string | undefined {
  if (/[/\\?#%]/.test(nombre)) return `${campo} no puede tener / \\ ? # ni %: su nombre es también la dirección de su página.`;
  if (/[<>]/.test(nombre)) return `${campo} no puede tener < ni >.`;
  if (tieneControles(nombre)) return mensajeControles(campo);
  if (!/[\p{L}\p{N}]/u.test(nombre)) return `${campo} debe tener al menos una letra o un número.`;
  return undefined;
}
