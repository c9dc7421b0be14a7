import { z } from 'zod';
import { RESENAS } from '../tienda.ts';
import { MENSAJES_RESENA, sinEtiquetas } from './resenas-rules.ts';
import { textoPlano } from './text-schemas.ts';

/**
 * Reviews only buyers can write (issue 25): the calls' bodies and answers, shared by the API, the
 * product page's island, the operator API and `npm run shop -- resenas`.
 *
 * Public:   GET  /api/resenas/producto/{idProducto}?pagina=N  → ResenasProducto (approved only, newest first)
 *           GET  /api/resenas/publicadas                      → ResenasPublicadas (the build's snapshot: the newest
 *                                                               RESENAS.enPagina approved reviews of each product that has any)
 *           GET  /api/resenas/baja/{clave}                    → HTML page: one-click unsubscribe from marketing e-mails
 * Customer: GET  /api/resenas/puedo/{idProducto}  (Bearer)    → PuedoResenar
 *           POST /api/resenas                     (Bearer)    → 201 ResenaCreada; 403/409 `{ mensaje }` saying why not
 * Operator: GET  /admin/api/resenas?estado=PENDIENTE|APROBADA|RECHAZADA|OCULTA → ResenasOperador
 *           GET  /admin/api/resenas/{id}                      → { resena: ResenaOperador }
 *           GET  /admin/api/resenas/{id}/foto                 → the photo (any state; public only once approved)
 *           POST /admin/api/resenas/{id}  { accion, motivo? } → ModeracionRespuesta (ModeracionResena: the moves and
 *                                                               which need a reason)
 */

export const ESTADOS_RESENA = ['PENDIENTE', 'APROBADA', 'RECHAZADA', 'OCULTA'] as const;
export type EstadoResena = (typeof ESTADOS_RESENA)[number];

/** The Spanish messages of the calls (plain data in resenas-rules.ts, so the form loads no zod). */
export { MENSAJES_RESENA };

export const resenaNuevaSchema = z.object({
  idProducto: z
    .number({ error: MENSAJES_RESENA.productoInvalido })
    .int(MENSAJES_RESENA.productoInvalido)
    .positive(MENSAJES_RESENA.productoInvalido),
  estrellas: z
    .number({ error: MENSAJES_RESENA.estrellas })
    .int(MENSAJES_RESENA.estrellas)
    .min(RESENAS.estrellasMinimas, MENSAJES_RESENA.estrellas)
    .max(RESENAS.estrellasMaximas, MENSAJES_RESENA.estrellas),
  titulo: textoPlano('El título')
    .trim()
    .min(RESENAS.tituloMinimo, MENSAJES_RESENA.tituloCorto)
    .max(RESENAS.tituloMaximo, MENSAJES_RESENA.tituloLargo)
    .refine(sinEtiquetas, MENSAJES_RESENA.sinHtml),
  texto: textoPlano('La reseña', { multilinea: true })
    .trim()
    .min(RESENAS.textoMinimo, MENSAJES_RESENA.textoCorto)
    .max(RESENAS.textoMaximo, MENSAJES_RESENA.textoLargo)
    .refine(sinEtiquetas, MENSAJES_RESENA.sinHtml),
  /** Optional photo: base64, bare or as a data: URL; its type is read from the bytes by the server. */
  foto: z.string({ error: MENSAJES_RESENA.fotoInvalida }).optional(),
});
export type ResenaNueva = z.input<typeof resenaNuevaSchema>;

/** An approved review as the public sees it. */
export interface ResenaPublica {
  id: number;
  estrellas: number;
  titulo: string;
  texto: string;
  /** The buyer's first name and last initial: 'María G.'. */
  autor: string;
  /** ISO date and time it was published (approved). */
  fecha: string;
  /** The photo's larger view (`/imagenes/resenas/{clave}.webp`; its thumbnails: lib/resenas/fotos.ts), or null. */
  foto: string | null;
  /** Always true: only buyers of a delivered order write reviews ('Compra verificada'). */
  compraVerificada: true;
}

export interface ResenasProducto {
  idProducto: number;
  /** Average of the approved reviews, one decimal; 0 with none. */
  promedio: number;
  cantidad: number;
  pagina: number;
  paginas: number;
  resenas: ResenaPublica[];
}

export interface ResenasPublicadas {
  productos: { idProducto: number; resenas: ResenaPublica[] }[];
}

export interface PuedoResenar {
  puede: boolean;
  mensaje: string;
}

export interface ResenaCreada {
  mensaje: string;
  resena: { id: number; estado: EstadoResena };
}

export interface ResenaOperador {
  id: number;
  estado: EstadoResena;
  producto: { idProducto: number; nombre: string };
  cliente: { id: number; correo: string };
  autor: string;
  pedido: number;
  estrellas: number;
  titulo: string;
  texto: string;
  /** The public URL once approved (a 404 before), or null; a rejection deletes the photo. */
  foto: string | null;
  /** Where the operator sees the photo in any state (`/admin/api/resenas/{id}/foto`, the operator's token), or null. */
  fotoOperador: string | null;
  /** When the order that proves the purchase (`pedido`) was placed (ISO). */
  pedidoFecha: string;
  creada: string;
  moderada: string | null;
  operador: string | null;
  /** Why it was rejected or hidden, or null. */
  motivo: string | null;
}

export interface ResenasOperador {
  resenas: ResenaOperador[];
}

/**
 * The operator's moves: aprobar ('Publicar': PENDIENTE or RECHAZADA → APROBADA), rechazar (→ RECHAZADA, with a
 * reason the buyer is e-mailed), ocultar (APROBADA → OCULTA, with a reason) and mostrar (OCULTA → APROBADA).
 */
export const ACCIONES_RESENA = ['aprobar', 'rechazar', 'ocultar', 'mostrar'] as const;
export type AccionResena = (typeof ACCIONES_RESENA)[number];
/** The moves that need a reason. */
export const ACCIONES_CON_MOTIVO: readonly AccionResena[] = ['rechazar', 'ocultar'];

export const MENSAJES_MODERACION = {
  accion: 'La acción debe ser aprobar, rechazar, ocultar o mostrar.',
  motivo: (accion: AccionResena) => `Indica el motivo para ${accion === 'ocultar' ? 'ocultar' : 'rechazar'} la reseña.`,
  motivoCorto: `El motivo debe tener al menos ${RESENAS.motivoMinimo} caracteres.`,
  motivoLargo: `El motivo puede tener hasta ${RESENAS.motivoMaximo} caracteres.`,
} as const;

export const moderacionSchema = z
  .object({
    accion: z.enum(ACCIONES_RESENA, { error: MENSAJES_MODERACION.accion }),
    motivo: textoPlano('El motivo', { multilinea: true })
      .trim()
      .max(RESENAS.motivoMaximo, MENSAJES_MODERACION.motivoLargo)
      .refine(sinEtiquetas, MENSAJES_RESENA.sinHtml)
      .optional(),
  })
  .superRefine(({ accion, motivo }, ctx) => {
    if (!ACCIONES_CON_MOTIVO.includes(accion)) return;
    if (!motivo) ctx.addIssue({ code: 'custom', path: ['motivo'], message: MENSAJES_MODERACION.motivo(accion) });
    else if (motivo.length < RESENAS.motivoMinimo)
      ctx.addIssue({ code: 'custom', path: ['motivo'], message: MENSAJES_MODERACION.motivoCorto });
  });
export type ModeracionResena = z.input<typeof moderacionSchema>;

export interface ModeracionRespuesta {
  mensaje: string;
  resena: ResenaOperador;
}
