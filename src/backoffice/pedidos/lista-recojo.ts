import type { DetallePedidoBackoffice } from '../../lib/api/backoffice-schemas.ts';

/** One line of the pick list: a product in one colour and size, and how many units the chosen orders need. */
export interface LineaRecojo {
  idProducto: number;
  nombre: string;
  color: string;
  tamano: string;
  cantidad: number;
  /** The orders that take it, by number. */
  pedidos: number[];
}

/** The pick list of some orders: their lines added up by product, colour and size, by name. */
export function listaDeRecojo(pedidos: DetallePedidoBackoffice[]): LineaRecojo[] {
  const lineas = new Map<string, LineaRecojo>();
  for (const pedido of pedidos)
    for (const producto of pedido.productos) {
      const clave = JSON.stringify([producto.idProducto, producto.color, producto.tamano]);
      const linea = lineas.get(clave) ?? {
        idProducto: producto.idProducto,
        nombre: producto.nombreProducto,
        color: producto.color,
        tamano: producto.tamano,
        cantidad: 0,
        pedidos: [],
      };
      linea.cantidad += producto.cantidad;
      if (!linea.pedidos.includes(pedido.idVenta)) linea.pedidos.push(pedido.idVenta);
      lineas.set(clave, linea);
    }
  return [...lineas.values()].sort(
    (a, b) => a.nombre.localeCompare(b.nombre, 'es') || a.color.localeCompare(b.color, 'es') || a.tamano.localeCompare(b.tamano, 'es'),
  );
}
