import { z } from 'zod';
import { esRutaTienda } from '../site/rutas.ts';
import { textoPlano } from './text-schemas.ts';
import { vigente } from '../home/programacion.ts';

/**
 * The storefront's content as the back office edits it (issue 37): when a banner, popup or top-strip
 * message runs (desde/hasta), and the shop's texts by key — the static pages, the locations and
 * hours, the social links — with what the static build reads (GET /web/contenido).
 */

const MENSAJE_FECHA = 'debe ser una fecha y hora con su zona, por ejemplo 2026-12-01T09:00:00-05:00.';

/** An instant with its offset, or null (no limit). */
const instante = (campo: string) =>
  z
    .string({ error: `${campo} ${MENSAJE_FECHA}` })
    .refine(
      (valor) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(valor) && !Number.isNaN(Date.parse(valor)),
      {
        message: `${campo} ${MENSAJE_FECHA}`,
      },
    )
    .transform((valor) => new Date(valor).toISOString())
    .nullable()
    .default(null);

/** The run of a banner, popup or message: from `desde` (null: already) to `hasta` (null: no end). */
export const vigenciaCampos = { desde: instante('El inicio (desde)'), hasta: instante('El fin (hasta)') };

/** hasta after desde, said on hasta. */
export const vigenciaValida = (v: { desde: string | null; hasta: string | null }) => !v.desde || !v.hasta || v.hasta > v.desde;
export const MENSAJE_VIGENCIA = 'El fin (hasta) debe ser posterior al inicio (desde).';

/** Whether an item with that run shows at a moment (one rule for the server, the build and the browser). */
export { vigente };

/** The keys of the shop's texts. */
export const PAGINAS_EDITABLES = ['preguntas-frecuentes', 'terminos-y-condiciones', 'acerca-de-nosotros'] as const;
export type PaginaEditable = (typeof PAGINAS_EDITABLES)[number];
export const CLAVES_TEXTO = [...PAGINAS_EDITABLES, 'tiendas', 'redes'] as const;
export type ClaveTexto = (typeof CLAVES_TEXTO)[number];

const linea = (campo: string, maximo: number) =>
  textoPlano(campo)
    .trim()
    .min(1, `Escribe ${campo.toLowerCase()}.`)
    .max(maximo, `${campo} es demasiado largo (máximo ${maximo} caracteres).`);
const parrafos = (campo: string, maximo: number) =>
  textoPlano(campo, { multilinea: true }).trim().max(maximo, `${campo} es demasiado largo (máximo ${maximo} caracteres).`);

/** A static page's text: its description for search engines, its lead and its sections (a question and its answer on the FAQ). */
export const paginaSchema = z.strictObject(
  {
    descripcion: linea('La descripción', 300),
    entradilla: parrafos('La entradilla', 400),
    secciones: z
      .array(
        z.strictObject({
          titulo: linea('El título de la sección', 200),
          texto: parrafos('El texto de la sección', 5000).min(1, 'Escribe el texto de la sección.'),
        }),
        { error: 'secciones debe ser una lista de { titulo, texto }.' },
      )
      .min(1, 'La página necesita al menos una sección.')
      .max(60, 'Una página admite como máximo 60 secciones.'),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Campos de la página: descripcion, entradilla y secciones.' : undefined) },
);
export type Pagina = z.output<typeof paginaSchema>;

/** One location of the shop: a shop where customers buy, or a pickup point. */
export const tiendaSchema = z.strictObject(
  {
    id: z
      .string({ error: 'El identificador de la tienda debe ser un texto.' })
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'El identificador de la tienda usa minúsculas, números y guiones (por ejemplo san-miguel).')
      .max(60, 'El identificador de la tienda es demasiado largo.'),
    nombre: linea('El nombre de la tienda', 100),
    direccion: linea('La dirección', 200),
    distrito: linea('El distrito', 100),
    referencia: parrafos('La referencia', 200).default(''),
    horario: z
      .array(linea('La línea del horario', 120), { error: 'horario debe ser una lista de líneas.' })
      .min(1, 'Indica el horario de atención.')
      .max(7, 'El horario admite como máximo 7 líneas.'),
    lat: z
      .number({ error: 'La latitud debe ser un número.' })
      .min(-19, 'La tienda debe estar en el Perú.')
      .max(0.1, 'La tienda debe estar en el Perú.'),
    lon: z
      .number({ error: 'La longitud debe ser un número.' })
      .min(-82, 'La tienda debe estar en el Perú.')
      .max(-68, 'La tienda debe estar en el Perú.'),
    tipo: z.enum(['tienda', 'recojo'], { error: 'tipo debe ser tienda o recojo.' }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Campos de la tienda: id, nombre, direccion, distrito, referencia, horario, lat, lon y tipo.'
        : undefined,
  },
);
export const tiendasSchema = z
  .array(tiendaSchema, { error: 'Envía la lista de tiendas.' })
  .max(20, 'Como máximo 20 tiendas.')
  .refine((tiendas) => new Set(tiendas.map((t) => t.id)).size === tiendas.length, 'Dos tiendas tienen el mismo identificador.');
export type TiendaEditable = z.output<typeof tiendaSchema>;

const enlaceRed = (red: string, dominio: RegExp) =>
  z
    .string({ error: `El enlace de ${red} debe ser un texto.` })
    .trim()
    .max(300, `El enlace de ${red} es demasiado largo.`)
    .refine((url) => url === '' || dominio.test(url), `El enlace de ${red} debe empezar con https:// y ser de ${red}.`)
    .default('');

/** The shop's social accounts (the footer's links); '' hides one. */
export const redesSchema = z.strictObject(
  {
    instagram: enlaceRed('Instagram', /^https:\/\/(www\.)?instagram\.com\/\S+$/),
    tiktok: enlaceRed('TikTok', /^https:\/\/(www\.)?tiktok\.com\/\S+$/),
    facebook: enlaceRed('Facebook', /^https:\/\/(www\.|m\.)?facebook\.com\/\S+$/),
    youtube: enlaceRed('YouTube', /^https:\/\/(www\.)?youtube\.com\/\S+$/),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Redes admitidas: instagram, tiktok, facebook y youtube.' : undefined) },
);
export type Redes = z.output<typeof redesSchema>;

/** Each text's schema, by key (PUT /admin/api/textos/{clave}). */
export const TEXTO_SCHEMAS = {
  'preguntas-frecuentes': paginaSchema,
  'terminos-y-condiciones': paginaSchema,
  'acerca-de-nosotros': paginaSchema,
  tiendas: tiendasSchema,
  redes: redesSchema,
} as const satisfies Record<ClaveTexto, z.ZodType>;

export interface Textos {
  paginas: Record<PaginaEditable, Pagina>;
  tiendas: TiendaEditable[];
  redes: Redes;
}

/** GET /admin/api/textos: every text as the shop shows it, and which were edited (the others are the code's copy). */
export interface TextosOperador extends Textos {
  editados: ClaveTexto[];
}

/** A banner as the build reads it: its images, button, alt and run. */
export interface BannerContenido {
  img_url: string;
  img_movil_url: string | null;
  rutabutton: string | null;
  alt: string;
  desde: string | null;
  hasta: string | null;
}

/** GET /web/contenido: what the static build renders, scheduled items included (the browser hides those out of their run). */
export interface ContenidoPublico extends Textos {
  banners: BannerContenido[];
  mensajes: { mensaje: string; desde: string | null; hasta: string | null }[];
  /** The {valores} of the texts the owner saved in 'Tienda' (free-shipping threshold, return window, company, e-mail); absent: the code's. */
  valores?: Record<string, string | number>;
}

const imagenMovil = z
  .string({ error: 'La imagen para celular (img_movil_url) debe ser un texto.' })
  .trim()
  .max(500, 'La imagen para celular (img_movil_url) es demasiado larga.')
  .refine(esRutaTienda, 'La imagen para celular (img_movil_url) debe ser una ruta de la tienda que empiece con una sola /.')
  .nullable()
  .default(null);

/** What a banner adds to the old call's fields: its phone image and its run. */
export const bannerExtraCampos = { img_movil_url: imagenMovil, ...vigenciaCampos };

const fechaONula = z.string().nullable();
/** GET /web/contenido's answer, checked by the static build (site-builder/snapshot.ts). */
export const contenidoPublicoSchema = z.object({
  paginas: z.object({
    'preguntas-frecuentes': paginaSchema,
    'terminos-y-condiciones': paginaSchema,
    'acerca-de-nosotros': paginaSchema,
  }),
  tiendas: tiendasSchema,
  redes: redesSchema,
  banners: z
    .object({
      img_url: z.string(),
      img_movil_url: z.string().nullable(),
      rutabutton: z.string().nullable(),
      alt: z.string(),
      desde: fechaONula,
      hasta: fechaONula,
    })
    .array(),
  mensajes: z.object({ mensaje: z.string(), desde: fechaONula, hasta: fechaONula }).array(),
  valores: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
}) satisfies z.ZodType<ContenidoPublico>;

/** The lists the back office schedules, and the body of a new or edited item of each (POST /admin/api/{lista}, PUT …/{id}). */
export interface ItemProgramableBody {
  mensajes: { mensaje: string; desde: string | null; hasta: string | null };
  banners: {
    img_url: string;
    img_movil_url: string | null;
    rutabutton: string | null;
    alt: string;
    desde: string | null;
    hasta: string | null;
  };
  popups: { img_url: string; rutabutton: string | null; alt: string; visible: boolean; desde: string | null; hasta: string | null };
}
export type ListaProgramable = keyof ItemProgramableBody;
