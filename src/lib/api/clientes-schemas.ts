import { z } from 'zod';
import { DERECHOS_DATOS } from '../tienda.ts';
import { DOC_RULES, DOC_TYPES, TELEFONO, type DocType } from './account-rules.ts';
import { textoPlano } from './text-schemas.ts';

/**
 * The back office's 'Clientes' (Ley 29733, the customer's rights to see, correct and delete her data):
 * GET /admin/api/clientes?q=&pagina= lists them, GET /admin/api/clientes/{id} is her page, and her
 * requests are answered from it: POST …/exportar (her data as JSON), PUT … (a correction), POST
 * …/eliminar (her account deleted on request), POST …/solicitudes (a request received, to answer later).
 */

/** The kinds of request, as stored and sent. */
export const TIPOS_SOLICITUD = ['acceso', 'rectificacion', 'cancelacion'] as const;
export type TipoSolicitud = (typeof TIPOS_SOLICITUD)[number];

/** How people read each kind. */
export const NOMBRE_SOLICITUD: Record<TipoSolicitud, string> = {
  acceso: 'Acceso',
  rectificacion: 'Rectificación',
  cancelacion: 'Cancelación',
};

const MENSAJE_PAGINA = `La página debe ser un número entero de 1 a ${DERECHOS_DATOS.paginaMaxima}.`;
const MENSAJE_BUSQUEDA = `La búsqueda admite hasta ${DERECHOS_DATOS.busquedaMaxima} caracteres.`;

/** The list's query: every value a string of the URL; unknown keys refused. */
export const consultaClientesSchema = z.strictObject(
  {
    q: textoPlano('La búsqueda').trim().max(DERECHOS_DATOS.busquedaMaxima, MENSAJE_BUSQUEDA).optional(),
    pagina: z
      .string({ error: MENSAJE_PAGINA })
      .regex(/^\d{1,6}$/, MENSAJE_PAGINA)
      .transform(Number)
      .refine((n) => n >= 1 && n <= DERECHOS_DATOS.paginaMaxima, MENSAJE_PAGINA)
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Filtro desconocido: ${issue.keys.join(', ')}. Se admiten: q, pagina.` : undefined,
  },
);

/** A Lima date (YYYY-MM-DD) that exists. */
const fechaValida = (dia: string) =>
  /^\d{4}-\d\d-\d\d$/.test(dia) && new Date(Date.parse(`${dia}T00:00:00Z`) || 0).toISOString().startsWith(dia);
const MENSAJE_RECIBIDA = 'La fecha en que llegó la solicitud debe ser una fecha AAAA-MM-DD, de hoy o anterior.';

/** The day the customer asked (her e-mail, a letter): when absent, today. The server refuses a day after today. */
const recibida = z.string({ error: MENSAJE_RECIBIDA }).refine(fechaValida, MENSAJE_RECIBIDA).optional();

/** POST /clientes/{id}/solicitudes: a request received, recorded to be answered within its deadline. */
export const nuevaSolicitudSchema = z.strictObject(
  {
    tipo: z.enum(TIPOS_SOLICITUD, { error: 'El tipo de solicitud debe ser acceso, rectificacion o cancelacion.' }),
    recibida,
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Campo desconocido: ${issue.keys.join(', ')}.` : undefined) },
);
export type NuevaSolicitud = z.input<typeof nuevaSolicitudSchema>;

/** POST /clientes/{id}/exportar and /eliminar: the day the request arrived (optional). */
export const solicitudAtendidaSchema = z.strictObject(
  { recibida },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Campo desconocido: ${issue.keys.join(', ')}.` : undefined) },
);
export type SolicitudAtendida = z.input<typeof solicitudAtendidaSchema>;

const nombre = (campo: string, minimo: number) =>
  textoPlano(campo, { error: `${campo} debe ser un texto.` })
    .trim()
    .min(minimo, `${campo} es obligatorio.`)
    .max(100, `${campo} es demasiado largo.`);

/** PUT /clientes/{id}: the fields corrected (at least one); the document's type and number together. */
export const correccionClienteSchema = z
  .strictObject(
    {
      nombre: nombre('El nombre', 1).optional(),
      apellido: nombre('El apellido', 0).optional(),
      telefono: textoPlano('El celular')
        .transform((valor) => valor.replace(/\s+/g, ''))
        .pipe(z.string().regex(TELEFONO.pattern, TELEFONO.mensaje))
        .optional(),
      correo: textoPlano('El correo')
        .trim()
        .toLowerCase()
        .max(120, 'El correo es demasiado largo.')
        .pipe(z.email('Ingresa un correo electrónico válido.'))
        .optional(),
      documentoTipo: z.enum(DOC_TYPES, { error: 'El tipo de documento debe ser DNI, PASAPORTE o CARNET EXTRANJERIA.' }).optional(),
      documentoNumero: textoPlano('El número de documento').trim().toUpperCase().optional(),
      recibida,
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Campo desconocido: ${issue.keys.join(', ')}.` : undefined) },
  )
  .superRefine((valor, ctx) => {
    const { recibida: _recibida, ...campos } = valor;
    if (Object.values(campos).every((campo) => campo === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'Indica al menos un dato que corregir.' });
      return;
    }
    if ((valor.documentoTipo === undefined) !== (valor.documentoNumero === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'Envía el tipo y el número de documento juntos.' });
      return;
    }
    if (valor.documentoTipo && !DOC_RULES[valor.documentoTipo].pattern.test(valor.documentoNumero ?? '')) {
      ctx.addIssue({ code: 'custom', message: DOC_RULES[valor.documentoTipo].mensaje });
    }
  });
export type CorreccionCliente = z.input<typeof correccionClienteSchema>;
export type CorreccionClienteValida = z.output<typeof correccionClienteSchema>;

/** One customer as the list shows her. */
export interface FilaCliente {
  id: number;
  nombre: string;
  correo: string;
  /** 'DNI 12345678', 'Pasaporte AB1234', or '' when she gave none. */
  documento: string;
  telefono: string;
  /** ISO date-times. */
  creado: string;
  pedidos: number;
  ultimoPedido: string | null;
  /** Requests not yet answered. */
  solicitudesPendientes: number;
}

/** GET /admin/api/clientes: a page, newest accounts first. */
export interface PaginaClientes {
  clientes: FilaCliente[];
  total: number;
  pagina: number;
  porPagina: number;
}

/** A data-rights request as her page shows it. */
export interface SolicitudCliente {
  id: number;
  tipo: TipoSolicitud;
  /** YYYY-MM-DD (Lima). */
  recibida: string;
  plazo: string;
  /** ISO date-time, or null while pending. */
  atendida: string | null;
  atendidaPor: string | null;
  detalle: string;
  /** Working days left until the deadline (negative once past); null when done. */
  diasHabilesRestantes: number | null;
}

/** Her page: her account, what she bought, wrote, filed and asked for, and her choices. */
export interface DetalleCliente {
  cliente: {
    id: number;
    nombre: string;
    apellido: string;
    usuario: string;
    correo: string;
    telefono: string;
    ciudad: string;
    direccion: string;
    documentoTipo: DocType | null;
    documentoNumero: string;
    creado: string;
  };
  consentimientos: {
    /** Marketing e-mails (the optional box at sign-up, never pre-ticked; 'Dejar de recibir' turns it off). */
    marketing: boolean;
    /** Whether a marketing e-mail with its one-click unsubscribe link was ever sent to her. */
    correosEnviados: boolean;
    /** Restock alerts ('Avísame') still waiting: each is her consent to one e-mail about one product. */
    avisosPendientes: number;
  };
  pedidos: { idVenta: number; fecha: string; estado: string; total: number; metodoPago: string }[];
  resenas: { id: number; producto: string; estrellas: number; titulo: string; estado: string; creada: string }[];
  reclamos: { numero: string; fecha: string; tipo: string; respondido: string | null; plazo: string }[];
  avisos: { producto: string; creado: string; enviado: string | null; baja: string | null }[];
  solicitudes: SolicitudCliente[];
  /** The deadlines in force, in working days. */
  plazos: Record<TipoSolicitud, number>;
}

/** The answer of a correction or a recorded request. */
export interface ClienteCambiado {
  mensaje: string;
  detalle: DetalleCliente;
}

/** POST /clientes/{id}/eliminar: what was deleted and what was kept, anonymised. */
export interface ClienteEliminado {
  mensaje: string;
  conservados: { pedidos: number; comprobantes: number; reclamos: number };
  borrados: { resenas: number; avisos: number; cupones: number };
}

/** Her data as a file: its name and bytes (the operator client's answer of the export). */
export interface ExportacionCliente {
  nombre: string;
  datos: Blob;
}
