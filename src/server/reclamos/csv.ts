import { LIMA_OFFSET_MS } from '../../lib/dates.ts';
import { csvField } from '../../lib/csv.ts';
import type { HojaReclamacion } from '../../lib/api/reclamos-schemas.ts';

/**
 * The book as CSV for INDECOPI or a spreadsheet: one row per sheet, every field of the sheet and its
 * answer, RFC 4180 quoting, CRLF line ends and a UTF-8 BOM (Excel then reads the accents).
 */

const COLUMNAS: [string, (hoja: HojaReclamacion) => string][] = [
  ['Número', (h) => h.numero],
  ['Fecha (hora de Lima)', (h) => fechaHoraLima(h.fecha)],
  ['Tipo', (h) => h.tipo],
  ['Estado', (h) => h.estado],
  ['Plazo de respuesta', (h) => h.plazo],
  ['Proveedor', (h) => h.proveedor.razonSocial],
  ['RUC', (h) => h.proveedor.ruc],
  ['Consumidor', (h) => h.consumidor.nombre],
  ['Tipo de documento', (h) => h.consumidor.documentoTipo],
  ['Número de documento', (h) => h.consumidor.documentoNumero],
  ['Domicilio', (h) => h.consumidor.direccion],
  ['Teléfono', (h) => h.consumidor.telefono ?? ''],
  ['Correo', (h) => h.consumidor.correo],
  ['Menor de edad', (h) => (h.consumidor.menorDeEdad ? 'sí' : 'no')],
  ['Padre, madre o apoderado', (h) => h.consumidor.apoderado?.nombre ?? ''],
  [
    'Documento del apoderado',
    (h) => (h.consumidor.apoderado ? `${h.consumidor.apoderado.documentoTipo} ${h.consumidor.apoderado.documentoNumero}` : ''),
  ],
  ['Bien contratado', (h) => h.bien.tipo],
  ['Descripción del bien', (h) => h.bien.descripcion],
  ['Pedido', (h) => (h.bien.pedido === null ? '' : String(h.bien.pedido))],
  ['Monto reclamado (S/)', (h) => (h.monto === null ? '' : h.monto.toFixed(2))],
  ['Detalle', (h) => h.detalle],
  ['Pedido del consumidor', (h) => h.pedidoConsumidor],
  ['Respuesta', (h) => h.respuesta?.texto ?? ''],
  ['Fecha de respuesta (hora de Lima)', (h) => (h.respuesta ? fechaHoraLima(h.respuesta.fecha) : '')],
];

/** An ISO instant as Lima's date and time, 2026-11-26 09:25. */
function fechaHoraLima(iso: string): string {
  return new Date(Date.parse(iso) - LIMA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * A cell a spreadsheet shows as text, whichever separator it splits at (`,`, the file's, or `;`, Excel's
 * in Peru, which opens this file one line per cell cut at each `;` and honours a quote only at a cut):
 * a consumer's text that starts like a formula (=, +, -, @, a tab or a carriage return) gets a leading
 * apostrophe, and so does each part after a `;` that would (spaces and quotes before it skipped); a text
 * holding `;` is quoted like one holding the comma.
 */
function celda(value: string): string {
  const desarmado = value.replace(/^(?=[=+\-@\t\r])/, "'").replace(/;(?=[ "]*[=+\-@\t\r])/g, ";'");
  const campo = csvField(desarmado);
  return campo === desarmado && desarmado.includes(';') ? `"${desarmado}"` : campo;
}

/** The whole book as one CSV text. */
export function reclamosCsv(hojas: HojaReclamacion[]): string {
  const filas = [COLUMNAS.map(([titulo]) => celda(titulo)), ...hojas.map((hoja) => COLUMNAS.map(([, valor]) => celda(valor(hoja))))];
  return `\uFEFF${filas.map((fila) => fila.join(',')).join('\r\n')}\r\n`;
}
