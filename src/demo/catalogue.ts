import { TIENDA } from '../lib/tienda.ts';
import { slugify } from '../lib/slug.ts';
import { DEMO_BRANDS, DEMO_PRODUCTS } from './data/index.ts';
import type { DemoProduct } from './types.ts';
import { hashString, seededRandom } from './random.ts';
import { SEDES } from './taxonomy.ts';

/** A product ready to insert, with names where the database has foreign keys. */
export interface SeedProduct {
  nombre: string;
  marca: string;
  categoria: string;
  child: string;
  descripcion: string;
  precio: number;
  descuento: number;
  descuentoN: number;
  img: string;
  imagen: string;
  imgHover: string;
  newores: '' | 'Nuevo' | 'Reestok' | 'Preventa' | 'Sale';
  etiquetalogo: string;
  colores: string;
  tamanos: string;
  stock: number;
  stockTotal: number;
  modouso: string;
  beneficios: string;
  ingredientes: string;
  fechaLlegada: string | null;
  sedes: string;
  tipoPiel: string;
  edad: string;
  inquietudPiel: string;
  esSet: boolean;
  fechaAgregado: Date;
}

/** Where the generated image of a demo product lives (variant 1 main shot, 2 hover shot). */
export const productImagePath = (nombre: string, variante: 1 | 2) => `/demo/productos/${slugify(nombre)}-${variante}.svg`;
export const brandLogoPath = (nombre: string) => `/demo/marcas/${slugify(nombre)}.svg`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A catalogue to seed: its brands (with a logo when one is drawn) and its products. */
export interface SeedCatalogue {
  brands: { nombre: string; logo: string | null }[];
  products: SeedProduct[];
}

/** The hand-written demo catalogue: its 52 brands and 278 products. */
export const demoCatalogue = (now = new Date()): SeedCatalogue => ({ brands: demoBrands(), products: buildDemoProducts(now) });

/**
 * The demo products with every field of the Product entity. Badges, stock, discounts, presale dates
 * and shops are derived deterministically from each product's name, so every machine gets the same
 * shop.
 */
export function buildDemoProducts(now = new Date()): SeedProduct[] {
  return DEMO_PRODUCTS.map((template, index) => decorateProduct(template, template.nombre, index, DEMO_PRODUCTS.length, now));
}

/**
 * Completes a product of the demo's shape: badges, stock, discounts, presale dates, shops and dates
 * derived from its name; its images are those drawn for the demo product named `artwork`.
 */
export function decorateProduct(template: DemoProduct, artwork: string, index: number, count: number, now: Date): SeedProduct {
  const nombre = template.nombre;
  const random = seededRandom(hashString(nombre));
  const roll = random();
  const newores: SeedProduct['newores'] =
    roll < 0.14 ? 'Nuevo' : roll < 0.2 ? 'Reestok' : roll < 0.26 ? 'Preventa' : roll < 0.4 ? 'Sale' : '';

  const { descuento, descuentoN } = discountFor(newores, template.precio, random);
  const agotado = newores !== 'Preventa' && newores !== 'Reestok' && random() < 0.09;
  // Presale items carry their pre-order quota as stock; a few others are sold out.
  const stock = newores === 'Preventa' ? 10 + Math.floor(random() * 20) : agotado ? 0 : 2 + Math.floor(random() * 80);
  // New products are the most recent; the rest arrived over the last year, older ids first.
  const daysAgo = newores === 'Nuevo' ? Math.floor(random() * 20) : 30 + Math.floor(((count - index) / count) * 330);
  const fechaLlegada =
    newores === 'Preventa' ? new Date(now.getTime() + (10 + Math.floor(random() * 40)) * DAY_MS).toISOString().slice(0, 10) : null;

  const sedes = newores === 'Preventa' ? '' : SEDES.filter(() => random() < 0.7).join(', ') || SEDES[0];
  // stock is what the web sells (checkout reserves it); stock_total adds the units on the shops'
  // shelves, so about a third of the products in shops have more in total than online, some of them
  // sold out online (docs/decisions/0041-stock-and-stock-total.md).
  const shelfUnits = sedes && random() < 0.35 ? 1 + Math.floor(random() * 12) : 0;

  const images = [productImagePath(artwork, 1), productImagePath(artwork, 2)];
  return {
    nombre,
    marca: template.marca,
    categoria: template.categoria,
    child: template.child,
    descripcion: template.descripcion,
    precio: template.precio,
    descuento,
    descuentoN,
    img: images.join(','),
    imagen: images[0]!,
    imgHover: images[1]!,
    newores,
    etiquetalogo: [template.vegano && 'Vegano', template.crueltyFree && 'No Testado en Animales'].filter(Boolean).join(', '),
    colores: (template.colores ?? []).join(','),
    tamanos: (template.tamaños ?? []).join(','),
    stock,
    stockTotal: stock + shelfUnits,
    modouso: template.modouso,
    beneficios: template.beneficios,
    ingredientes: template.ingredientes,
    fechaLlegada,
    sedes,
    tipoPiel: template.tipo_piel.join(','),
    edad: template.edad.join(','),
    inquietudPiel: template.inquietud_piel.join(','),
    esSet: template.esSet ?? false,
    fechaAgregado: new Date(now.getTime() - daysAgo * DAY_MS),
  };
}

/** Sale items always carry a discount; a few others are on offer; some carry both kinds (percent wins). */
function discountFor(newores: SeedProduct['newores'], precio: number, random: () => number) {
  const onOffer = newores === 'Sale' || (newores === '' && random() < 0.12);
  if (!onOffer) return { descuento: 0, descuentoN: 0 };
  const fixed = Math.min(Math.round(precio * 0.2), 5 + Math.floor(random() * 6) * 5);
  const kind = random();
  if (kind < 0.55) return { descuento: [10, 15, 20, 25, 30, 40][Math.floor(random() * 6)]!, descuentoN: 0 };
  if (kind < 0.85) return { descuento: 0, descuentoN: fixed };
  return { descuento: 15, descuentoN: fixed };
}

/** The brands of the demo catalogue with their generated logos. */
export const demoBrands = () => DEMO_BRANDS.map((brand) => ({ nombre: brand.nombre, logo: brandLogoPath(brand.nombre) }));

/** Home content: top-strip messages, banners, popups (one public, one hidden) and 9 social items. */
export const DEMO_HOME = {
  mensajes: [
    `Envío gratis a todo el Perú en compras mayores a S/${TIENDA.envioGratisDesde}`,
    '100% productos originales importados de Corea',
    'Recoge gratis en nuestras tiendas de Miraflores, San Miguel e Independencia',
    'Paga seguro con tarjeta a través de Mercado Pago',
  ],
  banners: [
    { imgUrl: '/demo/banners/banner-1.svg', rutabutton: '/nuevo', alt: 'Novedades de Corea: lo último en skincare' },
    { imgUrl: '/demo/banners/banner-2.svg', rutabutton: '/sale', alt: 'Sale: hasta 40% de descuento' },
    { imgUrl: '/demo/banners/banner-3.svg', rutabutton: null, alt: 'Tu rutina coreana empieza aquí' },
    { imgUrl: '/demo/banners/banner-4.svg', rutabutton: '/Bloqueador', alt: 'Protección solar para todos los días' },
  ],
  popups: [
    {
      visible: 1,
      imgUrl: '/demo/popups/registro.svg',
      rutabutton: '/registro',
      alt: '10% de descuento en tu primera compra al registrarte',
    },
    { visible: 0, imgUrl: '/demo/popups/sale.svg', rutabutton: '/sale', alt: 'Sale de temporada' },
  ],
  sociales: [
    { tipo: 'video', url: '/demo/sociales/video-1.webm' },
    { tipo: 'image', url: '/demo/sociales/social-2.svg' },
    { tipo: 'video', url: '/demo/sociales/video-3.webm' },
    { tipo: 'image', url: '/demo/sociales/social-4.svg' },
    { tipo: 'image', url: '/demo/sociales/social-5.svg' },
    { tipo: 'image', url: '/demo/sociales/social-6.svg' },
    { tipo: 'video', url: '/demo/sociales/video-7.webm' },
    { tipo: 'image', url: '/demo/sociales/social-8.svg' },
    { tipo: 'image', url: '/demo/sociales/social-9.svg' },
  ],
} as const;
