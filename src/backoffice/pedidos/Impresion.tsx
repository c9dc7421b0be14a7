import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { DetallePedidoBackoffice } from '../../lib/api/backoffice-schemas.ts';
import { fechaHora, soles } from '../formato.ts';
import { listaDeRecojo } from './lista-recojo.ts';

/** Packing slips (one A4 page per order) or the pick list, drawn into a print-only container, printed, then removed. */
export function imprimir(tipo: 'hojas' | 'recojo', pedidos: DetallePedidoBackoffice[]): void {
  document.getElementById('bo-impresion')?.remove();
  const contenedor = document.body.appendChild(document.createElement('div'));
  contenedor.id = 'bo-impresion';
  contenedor.className = 'bo-impresion';
  const raiz = createRoot(contenedor);
  flushSync(() => raiz.render(tipo === 'hojas' ? <HojasEmpaque pedidos={pedidos} /> : <ListaRecojo pedidos={pedidos} />));
  const limpiar = () => {
    window.removeEventListener('afterprint', limpiar);
    raiz.unmount();
    contenedor.remove();
  };
  window.addEventListener('afterprint', limpiar);
  window.print();
}

/** One A4 page per order: what to pack, for whom, where to. */
export function HojasEmpaque({ pedidos }: { pedidos: DetallePedidoBackoffice[] }) {
  return (
    <>
      {pedidos.map((pedido) => (
        <article key={pedido.idVenta} className="bo-hoja">
          <header>
            <h1>Pedido N.° {pedido.idVenta}</h1>
            <p>{fechaHora(pedido.fecha)}</p>
          </header>
          <p>
            <strong>
              {pedido.cliente.nombre} {pedido.cliente.apellido}
            </strong>{' '}
            · {pedido.cliente.documento_tipo} {pedido.cliente.documento_numero} · {pedido.cliente.telefono}
          </p>
          <p>
            {pedido.recojo
              ? `Recojo en tienda: ${pedido.metodo_envio}`
              : `${pedido.direccion}${pedido.instrucciones ? ` (${pedido.instrucciones})` : ''}`}
          </p>
          <table>
            <thead>
              <tr>
                <th scope="col">Producto</th>
                <th scope="col">Color</th>
                <th scope="col">Tamaño</th>
                <th scope="col">Cantidad</th>
                <th scope="col">Listo</th>
              </tr>
            </thead>
            <tbody>
              {pedido.productos.map((linea) => (
                <tr key={`${linea.idProducto}-${linea.color}-${linea.tamano}`}>
                  <td>{linea.nombreProducto}</td>
                  <td>{linea.color || '—'}</td>
                  <td>{linea.tamano || '—'}</td>
                  <td>{linea.cantidad}</td>
                  <td aria-label="Casilla para marcar">☐</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            {pedido.productos_comprados} unidades · Total {soles(pedido.total)}
          </p>
        </article>
      ))}
    </>
  );
}

/** The pick list: every unit the chosen orders need, added up by product, colour and size. */
export function ListaRecojo({ pedidos }: { pedidos: DetallePedidoBackoffice[] }) {
  const lineas = listaDeRecojo(pedidos);
  return (
    <article className="bo-hoja">
      <h1>Lista de recojo</h1>
      <p>Pedidos: {pedidos.map((pedido) => `N.° ${pedido.idVenta}`).join(', ')}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Producto</th>
            <th scope="col">Color</th>
            <th scope="col">Tamaño</th>
            <th scope="col">Cantidad</th>
            <th scope="col">Pedidos</th>
          </tr>
        </thead>
        <tbody>
          {lineas.map((linea) => (
            <tr key={`${linea.idProducto}-${linea.color}-${linea.tamano}`}>
              <td>{linea.nombre}</td>
              <td>{linea.color || '—'}</td>
              <td>{linea.tamano || '—'}</td>
              <td>{linea.cantidad}</td>
              <td>{linea.pedidos.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
