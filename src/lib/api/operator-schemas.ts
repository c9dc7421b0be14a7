import { z } from 'zod';
import { OPERACIONES } from '../tienda.ts';
import type { TipoImagen } from '../catalogue/image-urls.ts';
import type { GlobalCoupon } from '../pricing/coupons.ts';
import { atMostTwoDecimals } from '../pricing/money.ts';
import { esRutaTienda } from '../site/rutas.ts';
import type { Producto } from './schemas.ts';
import { textoPlano } from './text-schemas.ts';
import { bannerExtraCampos, MENSAJE_VIGENCIA, vigenciaCampos, vigenciaValida } from './contenido-schemas.ts';

/**
 * Shapes of the operator API's catalogue calls (issue 14): products' price, discount, stock and
 * visibility; shop coupons; home content (top strip, banners, popups, social items); images; the
 * audit trail. Request bodies are zod schemas with Spanish messages, like the public API's.
 */

/** An object that refuses unknown fields with `mensaje` (zod's own text would be English). */
const soloCampos = <T extends z.ZodRawShape>(shape: T, mensaje: string) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? mensaje
        : issue.code === 'invalid_type' && issue.path?.length === 0
          ? 'El cuerpo debe ser un objeto JSON.'
          : undefined,
  });

/** 100000 as the messages write it: 100 000. */
const miles = (n: number) => n.toLocaleString('en-US').replace(/,/g, ' ');
const numero = (campo: string) =>
  z.number({ error: `${campo} debe ser un número.` }).refine(Number.isFinite, `${campo} debe ser un número.`);

/** PATCH /admin/api/productos/{id o sku}: any of these; descuento is a percent, descuentoN soles off. */
export const cambioProductoSchema = soloCampos(
  {
    precio: numero('El precio')
      .refine((n) => n > 0, 'El precio debe ser mayor que 0.')
      .refine((n) => n <= OPERACIONES.precioMaximo, `El precio no puede pasar de ${miles(OPERACIONES.precioMaximo)}.`)
      .refine(atMostTwoDecimals, 'El precio admite como máximo 2 decimales.'),
    descuento: numero('El descuento')
      .refine((n) => n >= 0 && n <= OPERACIONES.descuentoMaximo, `El descuento es un porcentaje de 0 a ${OPERACIONES.descuentoMaximo}.`)
      .refine(atMostTwoDecimals, 'El descuento admite como máximo 2 decimales.'),
    descuentoN: numero('El descuento en soles')
      .refine((n) => n >= 0, 'El descuento en soles no puede ser negativo.')
      .refine(atMostTwoDecimals, 'El descuento en soles admite como máximo 2 decimales.'),
    stock: z
      .number({ error: 'El stock debe ser un número entero.' })
      .int('El stock debe ser un número entero.')
      .min(0, 'El stock no puede ser negativo.')
      .max(OPERACIONES.unidadesMaximas, `El stock no puede pasar de ${miles(OPERACIONES.unidadesMaximas)}.`),
    stock_total: z
      .number({ error: 'El stock_total debe ser un número entero.' })
      .int('El stock_total debe ser un número entero.')
      .min(0, 'El stock_total no puede ser negativo.')
      .max(OPERACIONES.unidadesMaximas, `El stock_total no puede pasar de ${miles(OPERACIONES.unidadesMaximas)}.`),
    visible: z.boolean({ error: 'visible debe ser true o false.' }),
    /** Why the stock changes (issue 37: the stock history's note); optional. */
    motivo: textoPlano('El motivo').trim().max(300, 'El motivo admite como máximo 300 caracteres.'),
  },
  'Solo se pueden cambiar precio, descuento, descuentoN, stock, stock_total y visible.',
)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Indica qué cambiar: precio, descuento, descuentoN, stock, stock_total o visible.');
export type CambioProducto = z.output<typeof cambioProductoSchema>;

/** A product as the operator sees it: the public fields plus its SKU and whether it is shown. */
export interface ProductoOperador extends Producto {
  sku: string | null;
  visible: boolean;
}

/** The answer of a product change: what was done, in Spanish, and the product after it. */
export interface ProductoOperadorRespuesta {
  mensaje?: string;
  producto: ProductoOperador;
}

const fechaIso = (campo: string) =>
  z
    .string({ error: `${campo} debe ser una fecha AAAA-MM-DD.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${campo} debe ser una fecha AAAA-MM-DD.`)
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      `${campo} no es una fecha que exista.`,
    );

/** POST /admin/api/cupones: a shop coupon (storefront §3 Global discount). */
export const nuevoCuponSchema = soloCampos(
  {
    codigo: textoPlano('El código')
      .trim()
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/,
        'El código debe tener de 3 a 40 letras, números, guiones o guiones bajos, sin espacios ni tildes.',
      )
      .transform((codigo) => codigo.toUpperCase()),
    descuento: numero('El descuento')
      .refine((n) => n > 0 && n <= 100, 'El descuento es un porcentaje mayor que 0 y de hasta 100.')
      .refine(atMostTwoDecimals, 'El descuento admite como máximo 2 decimales.'),
    fecha_inicio: fechaIso('La fecha de inicio'),
    fecha_fin: fechaIso('La fecha de fin'),
    /** Products by id or SKU; empty: any eligible product. */
    productos: z
      .array(z.union([z.number().int().positive(), textoPlano('El producto').trim().min(1).max(64)]), {
        error: 'productos debe ser una lista de ids o SKU.',
      })
      .max(500, 'Un cupón admite como máximo 500 productos.')
      .default([]),
    /** Brands by name or id; empty: any brand. */
    marcas: z
      .array(z.union([z.number().int().positive(), textoPlano('La marca').trim().min(1).max(100)]), {
        error: 'marcas debe ser una lista de nombres o ids.',
      })
      .max(200, 'Un cupón admite como máximo 200 marcas.')
      .default([]),
  },
  'Campos del cupón: codigo, descuento, fecha_inicio, fecha_fin, productos y marcas.',
).refine((c) => c.fecha_fin >= c.fecha_inicio, { message: 'La fecha de fin no puede ser anterior a la de inicio.', path: ['fecha_fin'] });
export type NuevoCupon = z.output<typeof nuevoCuponSchema>;

/** Where a coupon stands today (Lima); 'desactivado' is paused, 'terminado' ended for good, 'agotado' its uses taken (issue 37). */
export type EstadoCupon = 'vigente' | 'programado' | 'vencido' | 'desactivado' | 'terminado' | 'agotado';

/** A shop coupon as the operator lists it: the wire fields plus its assignments by name. */
export interface CuponOperador extends Omit<GlobalCoupon, 'assignedProducts' | 'assignedBrands'> {
  id: number;
  /** The assignment lists as stored: comma-separated ids. */
  assignedProducts: string;
  assignedBrands: string;
  estado: EstadoCupon;
  productos: { idProducto: number; nombre: string }[];
  marcas: { idMarca: number; nombre: string }[];
}

/** A path inside the shop (a banner's button, an image of the store): the one rule of site/rutas.ts (esRutaTienda). */
export const rutaTienda = (campo: string) =>
  textoPlano(campo)
    .trim()
    .max(500, `${campo} es demasiado larga.`)
    .refine(
      esRutaTienda,
      `${campo} debe ser una ruta de la tienda que empiece con una sola / (por ejemplo /Serúm o /marcas/COSRX), sin espacios ni barras invertidas (\\).`,
    );

/** POST /admin/api/mensajes: a top-strip message. */
export const nuevoMensajeSchema = soloCampos(
  {
    mensaje: textoPlano('El mensaje')
      .trim()
      .min(1, 'Escribe el mensaje.')
      .max(200, 'El mensaje es demasiado largo (máximo 200 caracteres).'),
    ...vigenciaCampos,
  },
  'Campos del mensaje: mensaje, desde y hasta.',
).refine(vigenciaValida, { message: MENSAJE_VIGENCIA, path: ['hasta'] });

const alt = textoPlano('El texto alternativo (alt)').trim().max(200, 'El texto alternativo (alt) es demasiado largo.');

/** POST /admin/api/banners: a home banner; rutabutton null means no 'SHOP NOW!' button. */
export const nuevoBannerSchema = soloCampos(
  {
    img_url: rutaTienda('La imagen (img_url)'),
    rutabutton: rutaTienda('La ruta del botón (rutabutton)').nullable().default(null),
    alt: alt.default(''),
    ...bannerExtraCampos,
  },
  'Campos del banner: img_url, img_movil_url, rutabutton, alt, desde y hasta.',
).refine(vigenciaValida, { message: MENSAJE_VIGENCIA, path: ['hasta'] });

/** POST /admin/api/popups: a home popup, public when visible. */
export const nuevoPopupSchema = soloCampos(
  {
    img_url: rutaTienda('La imagen (img_url)'),
    rutabutton: rutaTienda('La ruta del botón (rutabutton)').nullable().default(null),
    alt: alt.default(''),
    visible: z.boolean({ error: 'visible debe ser true o false.' }).default(true),
    ...vigenciaCampos,
  },
  'Campos del popup: img_url, rutabutton, alt, visible, desde y hasta.',
).refine(vigenciaValida, { message: MENSAJE_VIGENCIA, path: ['hasta'] });

/** POST /admin/api/sociales: a social item; `tipo` comes from a stored file's type when omitted. */
export const nuevoSocialSchema = soloCampos(
  { url: rutaTienda('La imagen o video (url)'), tipo: z.enum(['image', 'video'], { error: 'tipo debe ser image o video.' }).optional() },
  'Campos del elemento social: url y tipo.',
);

/** POST /admin/api/{lista}/{id}/posicion: moves an item to a 1-based position of its list. */
export const posicionSchema = soloCampos(
  {
    posicion: z
      .number({ error: 'La posición debe ser un número entero desde 1.' })
      .int('La posición debe ser un número entero desde 1.')
      .min(1, 'La posición debe ser un número entero desde 1.'),
  },
  'Indica solo la posición.',
);

/** POST /admin/api/popups/{id}/visible. */
export const visibleSchema = soloCampos({ visible: z.boolean({ error: 'visible debe ser true o false.' }) }, 'Indica solo visible.');

/** The home content lists the operator manages, with their items as GET /admin/api/{lista} answers. */
export interface ContenidoOperador {
  mensajes: { id: number; orden: number; mensaje: string; desde: string | null; hasta: string | null };
  banners: {
    id: number;
    orden: number;
    img_url: string;
    img_movil_url: string | null;
    rutabutton: string | null;
    alt: string;
    desde: string | null;
    hasta: string | null;
  };
  popups: {
    id: number;
    orden: number;
    visible: number;
    img_url: string;
    rutabutton: string | null;
    alt: string;
    desde: string | null;
    hasta: string | null;
  };
  sociales: { id: number; orden: number; tipo: 'image' | 'video'; url: string };
}
export type ListaContenido = keyof ContenidoOperador;
export const LISTAS_CONTENIDO = ['mensajes', 'banners', 'popups', 'sociales'] as const satisfies readonly ListaContenido[];

/** POST /admin/api/imagenes: a file as base64 (JSON keeps the API's one body format). */
export const subidaImagenSchema = soloCampos(
  {
    nombre: textoPlano('El nombre del archivo').trim().max(200, 'El nombre del archivo es demasiado largo.').default(''),
    datos: z
      .string({ error: 'datos debe ser el archivo en base64.' })
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'datos debe ser el archivo en base64.'),
  },
  'Campos de la imagen: nombre y datos.',
);

/** POST /admin/api/imagenes/existentes: which of these sha256 the store already holds. */
export const imagenesExistentesSchema = soloCampos(
  {
    sha256: z
      .array(z.string().regex(/^[0-9a-f]{64}$/, 'Cada sha256 son 64 cifras hexadecimales.'), { error: 'sha256 debe ser una lista.' })
      .max(5_000, 'Como máximo 5000 a la vez.'),
  },
  'Indica solo sha256.',
);

/** POST /admin/api/importar: one batch of rows (see src/server/admin/import/importar.ts). */
export const importacionSchema = soloCampos(
  {
    filas: z
      .array(soloCampos({ fila: z.number().int().min(1), valores: z.record(z.string(), z.unknown()) }, 'Cada fila es { fila, valores }.'), {
        error: 'filas debe ser una lista de { fila, valores }.',
      })
      .min(1, 'No hay filas que importar.')
      .max(2_000, 'Como máximo 2000 filas por lote.'),
    simulacro: z.boolean({ error: 'simulacro debe ser true o false.' }).default(false),
    /** The file's name, for the stock history's note (issue 37). */
    archivo: textoPlano('El nombre del archivo').trim().max(200, 'El nombre del archivo es demasiado largo.').optional(),
  },
  'Campos de la importación: filas, simulacro y archivo.',
);

/** The header that names the operator for the audit trail; percent-encoded so a name with accents fits in a header. */
export const CABECERA_OPERADOR = 'X-Operador';

/** The file, in the data folder (DATA_DIR), where the shop writes a generated operator token for `npm run shop` on the same machine. */
export const ARCHIVO_TOKEN_OPERADOR = 'operador.token';

/** An audit entry as GET /admin/api/auditoria answers it. */
export interface EntradaAuditoria {
  id: number;
  fecha: string;
  operador: string;
  accion: string;
  objetivo: string;
  antes: Record<string, unknown> | null;
  despues: Record<string, unknown> | null;
}

/** What an import did with a row. */
export type ResultadoImportacion = 'creado' | 'actualizado' | 'sin cambios' | 'rechazado';

/** One row of a catalogue import as POST /admin/api/importar takes it. */
export interface FilaImportacion {
  /** The row's number in its file (a spreadsheet's: the header is row 1), for the report. */
  fila: number;
  /** Its values by column (lib/catalogue/import-columns.ts); an absent column leaves that field as it is. */
  valores: Record<string, unknown>;
}

/** What the import did with one row. */
export interface ResultadoFila {
  fila: number;
  resultado: ResultadoImportacion;
  /** Why a row was rejected, in Spanish. */
  motivo?: string;
  /** The product the row created or matched (a new one's only when written, not in a dry run). */
  idProducto?: number;
  /** Changed fields of an update. */
  cambios?: string[];
}

/** The answer of POST /admin/api/importar: each row's result and the names the batch created. */
export interface RespuestaImportacion {
  resultados: ResultadoFila[];
  /** Names created (or, in a dry run, that would be). */
  nuevas: { marcas: string[]; lineas: string[]; categorias: string[]; subcategorias: string[] };
}

/** A stored file as POST /admin/api/imagenes answers it. */
export interface ImagenGuardada {
  url: string;
  sha256: string;
  tipo: TipoImagen;
  bytes: number;
  ancho: number | null;
  alto: number | null;
  /** False when the same bytes were already stored (nothing was written). */
  nueva: boolean;
}
