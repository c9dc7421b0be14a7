import {
  bannerSchema,
  marcaSchema,
  mensajeBarraSchema,
  menuSchema,
  popupSchema,
  productoSchema,
  socialSchema,
  type Banner,
  type Marca,
  type MensajeBarra,
  type Menu,
  type Popup,
  type Producto,
  type Social,
} from '../lib/api/schemas.ts';
import { catalogueSource } from './catalogue-source.ts';

/** Everything the static build renders. */
export interface Snapshot {
  productos: Producto[];
  marcas: Marca[];
  menu: Menu;
  mensajes: MensajeBarra[];
  banners: Banner[];
  popups: Popup[];
  sociales: Social[];
}

const EMPTY: Snapshot = { productos: [], marcas: [], menu: [], mensajes: [], banners: [], popups: [], sociales: [] };

/** Reads the snapshot once through the API contract, validating every answer. */
export async function takeSnapshot(): Promise<Snapshot> {
  // Type checks (`astro check`) only sync the collections' types: they need no data.
  if (process.env.SNAPSHOT === 'empty') return EMPTY;
  const source = await catalogueSource();
  try {
    const [productos, marcas, menu, mensajes, banners, popups, sociales] = await Promise.all([
      source.get('/web/listprod').then((data) => productoSchema.array().parse(data)),
      source.get('/web/ListMarcas').then((data) => marcaSchema.array().parse(data)),
      source.get('/web/menu').then((data) => menuSchema.parse(data)),
      source.get('/web/navbar_superior').then((data) => mensajeBarraSchema.array().parse(data)),
      source.get('/web/baners').then((data) => bannerSchema.array().parse(data)),
      source.get('/web/popups').then((data) => popupSchema.array().parse(data)),
      source.get('/web/sociales').then((data) => socialSchema.array().parse(data)),
    ]);
    console.log(`snapshot: ${productos.length} productos y ${marcas.length} marcas desde ${source.origin}`);
    return { productos, marcas, menu, mensajes, banners, popups, sociales };
  } finally {
    await source.done();
  }
}

let pending: Promise<Snapshot> | undefined;
/** The build's one snapshot, shared by every collection loader. */
export const snapshot = () => (pending ??= takeSnapshot());
