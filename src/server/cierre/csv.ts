import {
  NOMBRE_ESTADO_COMPROBANTE,
  ESTADOS_CIERRE_COMPROBANTE,
  type Cierre,
  type TablaCierre,
  type VentasPorDia,
} from '../../lib/api/cierre-schemas.ts';
import { LIMA_OFFSET_MS } from '../../lib/dates.ts';
import { csvField } from '../../lib/csv.ts';
import { metodoPagoInfo } from '../../lib/api/metodos-pago.ts';
import { esDeMercadoPago } from './queries.ts';

/**
 * The close's tables as CSV, the rows the screen shows (the same Cierre answer), as the complaints book's
 * export writes them (src/server/reclamos/csv.ts): RFC 4180 quoting, CRLF line ends and a UTF-8 BOM so
 * Excel reads the accents; amounts in soles with a point and two decimals, as Excel in Peru reads a number.
 */

/** Céntimos as a spreadsheet's number of soles: 1234.50. */
const soles = (centimos: number | null) => (centimos === null ? 'sin dato' : (centimos / 100).toFixed(2));

/** An ISO instant as Lima's date and time, 2026-11-26 09:25. */
const fechaHoraLima = (iso: string) => new Date(Date.parse(iso) - LIMA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

/** A cell Excel shows as text: a name starting like a formula gets an apostrophe; a `;` is quoted (Excel's separator in Peru). */
function celda(value: string): string {
  const desarmado = value.replace(/^(?=[=+\-@\t\r])/, "'");
  const campo = csvField(desarmado);
  return campo === desarmado && desarmado.includes(';') ? `"${desarmado}"` : campo;
}

/** A number cell is written as is (a negative amount stays a number). */
type Columna<T> = [string, (fila: T) => string | number];

function tabla<T>(columnas: Columna<T>[], filas: T[]): string[][] {
  return [
    columnas.map(([titulo]) => celda(titulo)),
    ...filas.map((fila) =>
      columnas.map(([, valor]) => {
        const v = valor(fila);
        return typeof v === 'number' ? String(v) : celda(v);
      }),
    ),
  ];
}

/** The rows of one table of the close. */
function filasDe(nombre: TablaCierre, cierre: Cierre, ventas: VentasPorDia | null): string[][] {
  switch (nombre) {
    case 'metodos':
      return tabla<Cierre['metodos'][number]>(
        [
          ['Medio de pago', (f) => f.nombre],
          ['Pedidos', (f) => f.pedidos],
          ['Total (S/)', (f) => soles(f.total)],
        ],
        cierre.metodos,
      );
    case 'pedidos':
      return tabla<Cierre['pedidos'][number]>(
        [
          ['Pedido', (f) => f.id],
          ['Pagado (hora de Lima)', (f) => fechaHoraLima(f.pagado)],
          ['Día', (f) => f.dia],
          ['Cliente', (f) => f.cliente],
          ['Método de pago', (f) => metodoPagoInfo(f.metodo)?.nombre ?? f.metodo],
          ['Grupo', (f) => f.grupo],
          ['Estado actual', (f) => f.estado],
          ['Pago', (f) => f.pagoId ?? ''],
          ['Total (S/)', (f) => soles(f.total)],
          ['Comisión Mercado Pago (S/)', (f) => (esDeMercadoPago(f) ? soles(f.comision) : '')],
          ['Neto Mercado Pago (S/)', (f) => (esDeMercadoPago(f) ? soles(f.neto) : '')],
        ],
        cierre.pedidos,
      );
    case 'reembolsos':
      return tabla<Cierre['reembolsos']['filas'][number]>(
        [
          ['Reembolso', (f) => f.id],
          ['Pedido', (f) => f.pedido],
          ['Fecha (hora de Lima)', (f) => fechaHoraLima(f.creado)],
          ['Tipo', (f) => f.tipo],
          ['Estado', (f) => f.estado],
          ['Motivo', (f) => f.motivo],
          ['Monto (S/)', (f) => soles(f.monto)],
        ],
        cierre.reembolsos.filas,
      );
    case 'notas':
    case 'comprobantes':
      return tabla<Cierre['comprobantes'][number]>(
        [
          ['Número', (f) => f.numero],
          ['Tipo', (f) => f.nombre],
          ['Pedido', (f) => f.pedido],
          ['Emitido (hora de Lima)', (f) => fechaHoraLima(f.emitido)],
          ['Estado', (f) => NOMBRE_ESTADO_COMPROBANTE[f.estado]],
          ['Modifica', (f) => f.modifica ?? ''],
          ['Total (S/)', (f) => soles(f.total)],
        ],
        nombre === 'notas' ? cierre.notas.filas : cierre.comprobantes,
      );
    case 'series':
      return tabla<Cierre['series'][number]>(
        [
          ['Serie', (f) => f.serie],
          ['Tipo', (f) => f.nombre],
          ...ESTADOS_CIERRE_COMPROBANTE.flatMap((estado): Columna<Cierre['series'][number]>[] => [
            [NOMBRE_ESTADO_COMPROBANTE[estado], (f) => f.estados[estado].cantidad],
            [`${NOMBRE_ESTADO_COMPROBANTE[estado]} (S/)`, (f) => soles(f.estados[estado].total)],
          ]),
        ],
        cierre.series,
      );
    case 'productos':
    case 'marcas':
      return tabla<Cierre['productos'][number]>(
        [
          ...(nombre === 'productos'
            ? ([
                ['Producto', (f) => f.nombre],
                ['Marca', (f) => f.marca],
              ] satisfies Columna<Cierre['productos'][number]>[])
            : ([['Marca', (f) => f.nombre]] satisfies Columna<Cierre['productos'][number]>[])),
          ['Unidades', (f) => f.unidades],
          ['Total (S/)', (f) => soles(f.total)],
          ['Pedidos', (f) => f.pedidos.length],
        ],
        nombre === 'productos' ? cierre.productos : cierre.marcas,
      );
    case 'ventas':
      return tabla<VentasPorDia['dias'][number]>(
        [
          ['Día', (f) => f.dia],
          ['Pedidos', (f) => f.pedidos],
          ['Total (S/)', (f) => soles(f.total)],
        ],
        ventas?.dias ?? [],
      );
  }
}

/** One table of the close as one CSV text. */
export function cierreCsv(nombre: TablaCierre, cierre: Cierre, ventas: VentasPorDia | null = null): string {
  return `\uFEFF${filasDe(nombre, cierre, ventas)
    .map((fila) => fila.join(','))
    .join('\r\n')}\r\n`;
}
