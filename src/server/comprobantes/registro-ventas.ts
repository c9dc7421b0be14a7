import { and, asc, gte, inArray, lt } from 'drizzle-orm';
import { fechaLima } from '../../lib/dates.ts';
import { csvTexto } from '../../lib/csv.ts';
import { NOMBRES_COMPROBANTE } from '../../lib/comprobantes/numero.ts';
import type { Db } from '../db/client.ts';
import { comprobantes, type Comprobante } from '../db/schema/index.ts';
import { estadoDeFila } from './queries.ts';

/**
 * The month's receipts for the accountant, in the columns of SUNAT's Registro de Ventas e Ingresos
 * (decision 0213): every receipt numbered in the month (Lima's calendar), by series and number, with
 * its buyer, taxable base, IGV and total; a credit note's amounts negative, with the date, type, series
 * and number of the receipt it modifies; a receipt SUNAT rejected listed with zero amounts (its number
 * is used but it has no tax effect: the receipt that replaces it carries the sale). So the file's sums
 * are the month's sales net of credit notes, to the céntimo.
 */

/** One row of the register, amounts in céntimos with their sign. */
export interface FilaRegistroVentas {
  emitido: Date;
  tipo: Comprobante['tipo'];
  serie: string;
  correlativo: number;
  tipoDocumento: string;
  numeroDocumento: string;
  denominacion: string;
  base: number;
  igv: number;
  total: number;
  modifica: { emitido: Date; tipo: Comprobante['tipo']; serie: string; correlativo: number } | null;
  estado: ReturnType<typeof estadoDeFila>;
}

/** The first day of `mes` (AAAA-MM) and of the month after, as Lima's instants. */
function limitesDelMes(mes: string): { desde: Date; hasta: Date } {
  const [anio, numero] = mes.split('-').map(Number) as [number, number];
  const siguiente = numero === 12 ? `${anio + 1}-01` : `${anio}-${String(numero + 1).padStart(2, '0')}`;
  return { desde: new Date(`${mes}-01T00:00:00-05:00`), hasta: new Date(`${siguiente}-01T00:00:00-05:00`) };
}

/** The register's rows of a month (AAAA-MM), by series and number. */
export async function registroVentas(db: Db, mes: string): Promise<FilaRegistroVentas[]> {
  const { desde, hasta } = limitesDelMes(mes);
  const filas = await db
    .select()
    .from(comprobantes)
    .where(and(gte(comprobantes.emitido, desde), lt(comprobantes.emitido, hasta)))
    .orderBy(asc(comprobantes.serie), asc(comprobantes.correlativo));
  // The receipts the month's credit notes modify (perhaps of an earlier month).
  const ids = [...new Set(filas.map((fila) => fila.modificaId).filter((id): id is number => id !== null))];
  const modificados = new Map(
    (ids.length === 0 ? [] : await db.select().from(comprobantes).where(inArray(comprobantes.id, ids))).map((row) => [row.id, row]),
  );
  return filas.map((c) => {
    const m = c.modificaId === null ? undefined : modificados.get(c.modificaId);
    const signo = c.estado === 'rechazado' ? 0 : c.tipo === '07' ? -1 : 1;
    // -0 would print as "-0.00": a rejected receipt's zeros are plain zeros.
    const importe = (centimos: number) => (signo === 0 ? 0 : signo * centimos);
    return {
      emitido: c.emitido,
      tipo: c.tipo,
      serie: c.serie,
      correlativo: c.correlativo,
      tipoDocumento: c.cliente.tipoDocumento,
      numeroDocumento: c.cliente.numeroDocumento,
      denominacion: c.cliente.denominacion,
      base: importe(c.gravada),
      igv: importe(c.igv),
      total: importe(c.total),
      modifica: m ? { emitido: m.emitido, tipo: m.tipo, serie: m.serie, correlativo: m.correlativo } : null,
      estado: estadoDeFila(c),
    };
  });
}

/** The register's states as the accountant reads them. */
const ESTADO_REGISTRO: Record<FilaRegistroVentas['estado'], string> = {
  aceptado: 'Aceptado',
  observado: 'Aceptado con observaciones',
  pendiente: 'Pendiente de SUNAT',
  rechazado: 'Rechazado por SUNAT (sin efecto tributario)',
};

/** A Lima date as SUNAT's registers write it: DD/MM/AAAA. */
const fechaRegistro = (fecha: Date) => fechaLima(fecha).split('-').reverse().join('/');

/** Céntimos as soles with two decimals and a point (the other exports' way): -1234.50. */
const importe = (centimos: number) => (centimos / 100).toFixed(2);

const COLUMNAS: [string, (fila: FilaRegistroVentas) => string][] = [
  ['Fecha de emisión', (f) => fechaRegistro(f.emitido)],
  ['Tipo de comprobante', (f) => f.tipo],
  ['Comprobante', (f) => NOMBRES_COMPROBANTE[f.tipo]],
  ['Serie', (f) => f.serie],
  ['Número', (f) => String(f.correlativo)],
  ['Tipo de documento del cliente', (f) => f.tipoDocumento],
  ['Número de documento del cliente', (f) => csvTexto(f.numeroDocumento)],
  ['Razón social o nombre', (f) => csvTexto(f.denominacion)],
  ['Base imponible (valor de venta gravado)', (f) => importe(f.base)],
  ['IGV', (f) => importe(f.igv)],
  ['Importe total', (f) => importe(f.total)],
  ['Fecha del comprobante que modifica', (f) => (f.modifica ? fechaRegistro(f.modifica.emitido) : '')],
  ['Tipo del comprobante que modifica', (f) => f.modifica?.tipo ?? ''],
  ['Serie del comprobante que modifica', (f) => f.modifica?.serie ?? ''],
  ['Número del comprobante que modifica', (f) => (f.modifica ? String(f.modifica.correlativo) : '')],
  ['Estado', (f) => ESTADO_REGISTRO[f.estado]],
];

/** The register as CSV: UTF-8 with a BOM (a spreadsheet reads its accents), `,` between fields, CRLF, as the shop's other exports. */
export function registroVentasCsv(filas: FilaRegistroVentas[]): string {
  const lineas = [COLUMNAS.map(([titulo]) => csvTexto(titulo)), ...filas.map((fila) => COLUMNAS.map(([, valor]) => valor(fila)))];
  return `\uFEFF${lineas.map((linea) => linea.join(',')).join('\r\n')}\r\n`;
}
