import type { Producto } from '../api/schemas.ts';
import { splitOptions } from '../product/fields.ts';
import { sameName } from './selection.ts';

/** The sessionStorage key of a listing's current page: kept per title (storefront §2, Listing page). */
export const pageKey = (title: string) => `currentPage_${title}`;

/**
 * The page a listing opens on: the stored page when the shopper comes back to it (reload, back or
 * forward), page 1 when they arrive by a new navigation (the spec's reset on path change).
 */
export function initialPage(stored: string | null, navigationType: string | undefined): number {
  if (navigationType !== 'reload' && navigationType !== 'back_forward') return 1;
  const page = Number(stored);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The brand filter: 'Todas' checked means no brand filter. */
export interface BrandChoice {
  todas: boolean;
  marcas: string[];
}

export const ALL_BRANDS: BrandChoice = { todas: true, marcas: [] };

/** Toggles 'Todas' or one brand; picking a brand unchecks 'Todas', and no brand left checks it again. */
export function toggleBrand(choice: BrandChoice, marca: string | 'Todas'): BrandChoice {
  if (marca === 'Todas') return choice.todas ? { todas: false, marcas: [] } : ALL_BRANDS;
  const marcas = choice.marcas.some((m) => sameName(m, marca))
    ? choice.marcas.filter((m) => !sameName(m, marca))
    : [...choice.marcas, marca];
  return marcas.length === 0 ? ALL_BRANDS : { todas: false, marcas };
}

/** The brands `applyFilters` should keep: none (no filter) while 'Todas' is checked. */
export const brandFilter = (choice: BrandChoice) => (choice.todas ? [] : choice.marcas);

/** What a card, the price and brand filters and the sort read of a product. */
const CARD_FIELDS = [
  'idProducto',
  'nombre',
  'precio',
  'descuento',
  'descuentoN',
  'img',
  'imagen',
  'newores',
  'etiquetalogo',
  'marca',
  'stock',
  'fechaLlegada',
  'resenasPromedio',
  'resenasCantidad',
] as const;
/** A product as a listing page embeds it for its island: only what the cards and filters read. */
export type CardProducto = Pick<Producto, (typeof CARD_FIELDS)[number]>;

/**
 * The card fields of a product, to keep a listing page's HTML small (a card shows two images at
 * most, and `imagen` only when `img` is empty). The live refresh brings the full products on screen back.
 */
export function toCard(producto: Producto): CardProducto {
  const card = Object.fromEntries(CARD_FIELDS.map((field) => [field, producto[field]])) as CardProducto;
  const images = splitOptions(producto.img);
  return { ...card, img: images.slice(0, 2).join(','), imagen: images.length > 0 ? '' : producto.imagen };
}

/** A whole product from its card fields, the other fields blank. */
export const fromCard = (card: CardProducto): Producto => ({ ...BLANK, ...card });

const BLANK: Producto = {
  idProducto: 0,
  nombre: '',
  descripcion: '',
  precio: 0,
  descuento: 0,
  descuentoN: 0,
  img: '',
  imagen: '',
  imgHover: '',
  newores: '',
  etiquetalogo: '',
  marca: '',
  idMarca: 0,
  colores: '',
  tamaños: '',
  stock: 0,
  stock_total: 0,
  modouso: '',
  beneficios: '',
  ingredientes: '',
  categoria: '',
  child: '',
  fechaLlegada: null,
  sedes: '',
  tipo_piel: '',
  edad: '',
  inquietud_piel: '',
  fechaAgregado: '',
  linea: '',
  esSet: false,
  resenasPromedio: 0,
  resenasCantidad: 0,
};

/**
 * The 'relevancia' order of every listing: the catalogue's, by id. The build snapshot goes through it
 * and the API lists products by id too, so a listing's pages asked of the API follow its embedded ones.
 */
export const catalogueOrder = (productos: Producto[]) => [...productos].sort((a, b) => a.idProducto - b.idProducto);
