import { COMPROBANTES } from '../../lib/tienda.ts';
import { TIPO_DOCUMENTO_SUNAT } from '../../lib/comprobantes/numero.ts';
import type { ClienteComprobante, ItemComprobante, TipoComprobante } from '../db/schema/comprobantes.ts';
import type { Pedido, PedidoLinea } from '../db/schema/orders.ts';

/**
 * A receipt's content derived from an order's stored snapshot (issue 23), never re-priced: the shop's
 * prices include IGV, so each line's charged amount is split into its taxable base and its IGV; the
 * coupon or routine discount of a line is SUNAT's line discount (code 00: it lowers the base); shipping
 * is a line of its own. The lines add up, to the céntimo, to what the payment charged.
 */
export interface ContenidoComprobante {
  cliente: ClienteComprobante;
  items: ItemComprobante[];
  gravada: number;
  igv: number;
  descuentos: number;
  total: number;
}

/** The taxable base of an amount that includes IGV, rounded to the céntimo (its IGV is the rest). */
export const baseImponible = (conIgv: number, igvPorcentaje: number = COMPROBANTES.igvPorcentaje) =>
  Math.round((conIgv * 100) / (100 + igvPorcentaje));

/** A line: `cantidad` units at `precioUnitario` (with IGV), charged `total` (with IGV) after its discount. */
function item(
  datos: Pick<ItemComprobante, 'codigo' | 'descripcion' | 'unidad' | 'cantidad' | 'precioUnitario' | 'total'>,
): ItemComprobante {
  const valorBruto = baseImponible(datos.precioUnitario * datos.cantidad);
  const valor = baseImponible(datos.total);
  return { ...datos, valorBruto, descuento: valorBruto - valor, valor, igv: datos.total - valor };
}

/** The order's products and delivery as receipt lines, in the order's own figures. */
export function itemsDelPedido(pedido: Pick<Pedido, 'envio' | 'metodoEnvio'>, lineas: readonly PedidoLinea[]): ItemComprobante[] {
  const items = lineas.map((linea) =>
    item({
      codigo: String(linea.productoId),
      descripcion: [linea.marca, linea.nombre, linea.color, linea.tamano].filter((parte) => parte.trim()).join(' · '),
      unidad: 'NIU',
      cantidad: linea.cantidad,
      precioUnitario: linea.precioConDescuento,
      total: linea.precioCobrado * linea.cantidad,
    }),
  );
  if (pedido.envio > 0)
    items.push(
      item({
        codigo: 'ENVIO',
        descripcion: `Servicio de envío: ${pedido.metodoEnvio}`,
        unidad: 'ZZ',
        cantidad: 1,
        precioUnitario: pedido.envio,
        total: pedido.envio,
      }),
    );
  return items;
}

/** Thrown when an order cannot have the receipt it asks for (it is never issued with wrong data). */
export class ComprobanteImposible extends Error {}

/** Who a sale receipt names: the factura's RUC and razón social, or the boleta's buyer and their document. */
export function clienteDelPedido(pedido: Pedido): ClienteComprobante {
  if (pedido.comprobanteTipo === '01') {
    if (!pedido.facturaRuc || !pedido.facturaRazonSocial || !pedido.facturaDireccion)
      throw new ComprobanteImposible(`El pedido ${pedido.id} pide factura sin RUC, razón social o dirección fiscal.`);
    return {
      tipoDocumento: '6',
      numeroDocumento: pedido.facturaRuc,
      denominacion: pedido.facturaRazonSocial,
      direccion: pedido.facturaDireccion,
      correo: pedido.correo,
    };
  }
  const tipoDocumento = TIPO_DOCUMENTO_SUNAT[pedido.documentoTipo as keyof typeof TIPO_DOCUMENTO_SUNAT];
  const denominacion = `${pedido.nombre} ${pedido.apellido}`.trim();
  // Every order carries its buyer's document (checkout refuses one without it); a boleta above the
  // threshold must name them, so one that somehow lacks them is refused rather than issued anonymous.
  if (!tipoDocumento || tipoDocumento === '6' || !pedido.documentoNumero.trim() || !denominacion) {
    throw new ComprobanteImposible(`El pedido ${pedido.id} no tiene el nombre y el documento del comprador que su boleta debe llevar.`);
  }
  return {
    tipoDocumento,
    numeroDocumento: pedido.documentoNumero,
    denominacion,
    direccion: pedido.recojo ? '' : pedido.direccion,
    correo: pedido.correo,
  };
}

/**
 * The boleta (03) or factura (01) of a paid order. Its total must be the order's, which is what the
 * payment charged: anything else is a bug, and the receipt is not issued.
 */
export function comprobanteDeVenta(pedido: Pedido, lineas: readonly PedidoLinea[]): ContenidoComprobante & { tipo: TipoComprobante } {
  const items = itemsDelPedido(pedido, lineas);
  const sum = (campo: 'valor' | 'igv' | 'descuento' | 'total') => items.reduce((total, linea) => total + linea[campo], 0);
  const contenido = {
    cliente: clienteDelPedido(pedido),
    items,
    gravada: sum('valor'),
    igv: sum('igv'),
    descuentos: sum('descuento'),
    total: sum('total'),
  };
  if (contenido.total !== pedido.total) {
    throw new ComprobanteImposible(
      `Las líneas del pedido ${pedido.id} suman ${contenido.total} céntimos y su total es ${pedido.total}: no se emite un comprobante que no cuadra.`,
    );
  }
  return { tipo: pedido.comprobanteTipo === '01' ? '01' : '03', ...contenido };
}
