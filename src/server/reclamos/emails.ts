import { fechaHoraLarga } from '../../lib/dates.ts';
import { TIENDA } from '../../lib/tienda.ts';
import { formatFecha } from '../../lib/dates.ts';
import { formatSoles } from '../../lib/pricing/money.ts';
import type { HojaReclamacion } from '../../lib/api/reclamos-schemas.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { FIRMA, MUTED, celda, emailHtml, enlaceHtml, escapeHtml } from '../mail/templates.ts';

/**
 * The Libro de Reclamaciones' e-mails, in Spanish, as HTML (every value escaped) and plain text from
 * the same content: the consumer's copy of the sheet (in full to a signed-in customer's own account
 * address; to any other address a fixed text with the sheet's number and the link to view it, so the
 * shop never relays a stranger's words to an address nobody proved), the shop's notice of a new one,
 * the shop's answer to the consumer, and the shop's alert when the day's copies reach their cap.
 */

/** A titled block of the e-mail: label and value rows, or paragraphs. */
interface Bloque {
  titulo: string;
  filas: [string, string][];
}

const tipoTexto = (hoja: HojaReclamacion) => (hoja.tipo === 'reclamo' ? 'Reclamo' : 'Queja');
const documento = (tipo: string, numero: string) => `${tipo} ${numero}`;

/** The sheet's fields as the reglamento's annex orders them. */
export function bloquesHoja(hoja: HojaReclamacion): Bloque[] {
  const { consumidor: c, bien } = hoja;
  return [
    {
      titulo: `Hoja de reclamación N.° ${hoja.numero}`,
      filas: [
        ['Fecha', fechaHoraLarga(hoja.fecha)],
        ['Proveedor', `${hoja.proveedor.razonSocial} · RUC ${hoja.proveedor.ruc}`],
        ['Dirección del proveedor', hoja.proveedor.direccion],
      ],
    },
    {
      titulo: '1. Identificación del consumidor reclamante',
      filas: [
        ['Nombre', c.nombre],
        ['Documento', documento(c.documentoTipo, c.documentoNumero)],
        ['Domicilio', c.direccion],
        ...(c.telefono ? [['Teléfono', c.telefono] as [string, string]] : []),
        ['Correo', c.correo],
        ...(c.apoderado
          ? [
              [
                'Padre, madre o apoderado',
                `${c.apoderado.nombre} · ${documento(c.apoderado.documentoTipo, c.apoderado.documentoNumero)}`,
              ] as [string, string],
            ]
          : []),
      ],
    },
    {
      titulo: '2. Identificación del bien contratado',
      filas: [
        [bien.tipo === 'producto' ? 'Producto' : 'Servicio', bien.descripcion],
        ...(bien.pedido ? [['Pedido', `N.° ${bien.pedido}`] as [string, string]] : []),
        ['Monto reclamado', hoja.monto === null ? 'No indicado' : formatSoles(hoja.monto)],
      ],
    },
    {
      titulo: '3. Detalle de la reclamación y pedido del consumidor',
      filas: [
        ['Tipo', tipoTexto(hoja)],
        ['Detalle', hoja.detalle],
        ['Pedido del consumidor', hoja.pedidoConsumidor],
      ],
    },
  ];
}

/** A link of the e-mail: its words and its address. */
interface Enlace {
  texto: string;
  url: string;
}

/** A complaint e-mail in the shop's frame: greeting, paragraphs, a link, blocks, sign-off. */
function correo(to: string, subject: string, saludo: string, parrafos: string[], bloques: Bloque[], enlace?: Enlace): MailMessage {
  const text = [
    saludo,
    '',
    ...parrafos.flatMap((p) => [p, '']),
    ...(enlace ? [`${enlace.texto}: ${enlace.url}`, ''] : []),
    ...bloques.flatMap((b) => [b.titulo, ...b.filas.map(([label, value]) => `${label}: ${value}`), '']),
    FIRMA,
  ].join('\n');
  const multilinea = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br>');
  const fila = ([label, value]: [string, string]) =>
    `<tr><td style="padding:4px 12px 4px 0;vertical-align:top;font-size:14px;${MUTED};white-space:nowrap">${escapeHtml(label)}</td><td style="padding:4px 0;font-size:14px;line-height:1.5">${multilinea(value)}</td></tr>`;
  const html = emailHtml({
    saludo,
    firma: true,
    ancho: 600,
    filas: [
      ...parrafos.map((p) => celda('padding-top:8px;font-size:16px;line-height:1.5', multilinea(p))),
      ...(enlace ? [celda('padding-top:16px;font-size:16px', enlaceHtml(enlace.texto, enlace.url))] : []),
      ...bloques.flatMap((b) => [celda('padding-top:20px;font-size:15px;font-weight:bold', escapeHtml(b.titulo)), ...b.filas.map(fila)]),
    ],
  });
  return { to, subject, text, html };
}

/** The link to the sheet's page, as the consumer's e-mails show it. */
const verHoja = (url: string): Enlace => ({ texto: 'Ver e imprimir tu hoja de reclamación', url });

/** The consumer's full copy of the sheet they filed (to a signed-in customer's own account address), with the deadline and its link. */
export function copiaReclamoEmail(hoja: HojaReclamacion, url: string): MailMessage {
  return correo(
    hoja.consumidor.correo,
    `${TIENDA.nombre}: tu hoja de reclamación N.° ${hoja.numero}`,
    `Hola, ${hoja.consumidor.nombre}:`,
    [
      `Registramos tu ${hoja.tipo} en nuestro Libro de Reclamaciones con el N.° ${hoja.numero}. Esta es tu copia.`,
      `Te responderemos a este correo a más tardar el ${formatFecha(hoja.plazo)}.`,
    ],
    bloquesHoja(hoja),
    verHoja(url),
  );
}

/**
 * The copy to an address nobody proved (an anonymous sheet, or another than the account's): only the
 * shop's own words, the sheet's number, date and deadline and the link to view it; no name, detail
 * nor request typed in the form.
 */
export function enlaceReclamoEmail(hoja: HojaReclamacion, url: string): MailMessage {
  return correo(
    hoja.consumidor.correo,
    `${TIENDA.nombre}: hoja de reclamación N.° ${hoja.numero}`,
    'Hola:',
    [
      `Se registró una hoja en el Libro de Reclamaciones de ${TIENDA.nombre} con el N.° ${hoja.numero}, el ${fechaHoraLarga(hoja.fecha)}, con esta dirección de correo para recibir su copia y nuestra respuesta.`,
      `La copia de la hoja está en el enlace de abajo: puedes verla, imprimirla o guardarla. Responderemos a más tardar el ${formatFecha(hoja.plazo)}.`,
      'Si no registraste tú esta hoja, ignora este mensaje: alguien escribió tu dirección en el formulario.',
    ],
    [],
    verHoja(url),
  );
}

/** The shop's notice of a new sheet, with its deadline. */
export function avisoReclamoEmail(hoja: HojaReclamacion, correoTienda: string): MailMessage {
  return correo(
    correoTienda,
    `${TIENDA.nombre}: nueva hoja de reclamación N.° ${hoja.numero} (${hoja.tipo}), responder hasta el ${formatFecha(hoja.plazo)}`,
    'Hola:',
    [
      `Un consumidor registró una ${hoja.tipo} en el Libro de Reclamaciones: N.° ${hoja.numero}.`,
      `Respóndela a más tardar el ${formatFecha(hoja.plazo)} con: npm run shop -- reclamo ${hoja.numero} responder --texto "…"`,
    ],
    bloquesHoja(hoja),
  );
}

/**
 * The shop's answer to the consumer, and its link; `completa` (a signed-in customer's own account
 * address) adds the sheet it answers, otherwise the e-mail holds only the shop's words.
 */
export function respuestaReclamoEmail(hoja: HojaReclamacion, url: string, completa: boolean): MailMessage {
  const respuesta = hoja.respuesta!;
  return correo(
    hoja.consumidor.correo,
    `${TIENDA.nombre}: respuesta a tu hoja de reclamación N.° ${hoja.numero}`,
    completa ? `Hola, ${hoja.consumidor.nombre}:` : 'Hola:',
    [`Esta es nuestra respuesta a tu ${hoja.tipo} N.° ${hoja.numero}, del ${fechaHoraLarga(respuesta.fecha)}:`, respuesta.texto],
    completa ? bloquesHoja(hoja) : [],
    verHoja(url),
  );
}

/** The shop's alert: the consumers' copies of `dia` reached `tope`; the sheets are filed, their copies wait on their pages. */
export function topeCopiasEmail(correoTienda: string, dia: string, tope: number): MailMessage {
  return correo(
    correoTienda,
    `${TIENDA.nombre}: el Libro de Reclamaciones llegó hoy a su tope de ${tope} copias por correo`,
    'Hola:',
    [
      `Hoy (${formatFecha(dia)}) se enviaron ${tope} copias de hojas de reclamación, el tope diario (COMPLAINT_COPIES_PER_DAY). Las hojas siguientes se registran igual y el consumidor ve la suya en pantalla con su enlace, pero hasta mañana no se envían más copias por correo.`,
      'Si son reclamos reales, sube el tope; si no, alguien está usando el formulario para enviar correos desde la tienda. Revisa las hojas con: npm run shop -- reclamos',
    ],
    [],
  );
}
