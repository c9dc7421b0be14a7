import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper, rowSelectionFeature, tableFeatures, useTable, type RowSelectionState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { NOMBRE_VISTA, VISTAS_PEDIDOS, type FilaPedido, type FiltroPedidos, type ResultadoLote } from '../../lib/api/backoffice-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { edad, ESTADO_PANEL, fechaHora, nombreMetodo, soles } from '../formato.ts';
import { Aviso, Cargando, Pantalla } from '../marco/Pantalla.tsx';
import { nombreDeCourier } from './courier.ts';
import DialogoEnvio from './DialogoEnvio.tsx';
import { cambiarFiltro, filtroDeUrl, POR_PAGINA, urlDeFiltro } from './filtro-url.ts';
import Filtros from './Filtros.tsx';
import { imprimir } from './Impresion.tsx';
import { useEsTelefono } from './useEsTelefono.ts';

const funciones = tableFeatures({ rowSelectionFeature });
const columna = createColumnHelper<typeof funciones, FilaPedido>();
const SIN_FILAS: FilaPedido[] = [];

/** The columns enough to act without opening the order (issue 36 §4). */
const columnas = columna.columns([
  columna.display({
    id: 'elegir',
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label="Elegir todos los pedidos de esta página"
        checked={table.getIsAllRowsSelected()}
        ref={(caja) => {
          if (caja) caja.indeterminate = table.getIsSomeRowsSelected() && !table.getIsAllRowsSelected();
        }}
        onChange={() => table.toggleAllRowsSelected()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={`Elegir el pedido ${row.original.idVenta}`}
        checked={row.getIsSelected()}
        onChange={() => row.toggleSelected()}
      />
    ),
  }),
  columna.accessor('idVenta', {
    header: 'Pedido',
    cell: ({ row }) => (
      <>
        <Link href={`/pedidos/${row.original.idVenta}`} className="bo-enlace-fuerte">
          N.° {row.original.idVenta}
        </Link>
        <span className="bo-nota">{fechaHora(row.original.fecha)}</span>
      </>
    ),
  }),
  columna.accessor('cliente', {
    header: 'Cliente',
    cell: ({ row }) => (
      <>
        {row.original.cliente}
        <span className="bo-nota">{row.original.documento}</span>
      </>
    ),
  }),
  columna.accessor('distrito', {
    header: 'Entrega',
    cell: ({ row }) => (row.original.recojo ? 'Recojo en tienda' : row.original.distrito),
  }),
  columna.accessor('resumen', {
    header: 'Productos',
    cell: ({ row }) => (
      <>
        {row.original.resumen}
        <span className="bo-nota">{row.original.productos} u.</span>
      </>
    ),
  }),
  columna.accessor('total', { header: 'Total', cell: ({ row }) => <span className="bo-monto">{soles(row.original.total)}</span> }),
  columna.accessor('metodo_pago', { header: 'Pago', cell: ({ row }) => nombreMetodo(row.original.metodo_pago) }),
  columna.accessor('estado', { header: 'Estado', cell: ({ row }) => <Estado fila={row.original} /> }),
  columna.accessor('edadHoras', {
    header: 'Antigüedad',
    cell: ({ row }) => (
      <>
        {edad(row.original.edadHoras)}
        {row.original.atrasado && <span className="bo-etiqueta bo-etiqueta--urgente">Atrasado</span>}
      </>
    ),
  }),
  columna.accessor('courier', {
    header: 'Courier',
    cell: ({ row }) => (row.original.courier ? `${nombreDeCourier(row.original.courier)} · ${row.original.guia ?? ''}` : '—'),
  }),
]);

function Estado({ fila }: { fila: FilaPedido }) {
  return (
    <>
      <span className={`bo-estado bo-estado--${fila.estado.replace(/\s+/g, '-').toLowerCase()}`}>{ESTADO_PANEL[fila.estado]}</span>
      {fila.alerta && (
        <span className="bo-etiqueta bo-etiqueta--alerta">
          <span className="visually-hidden">Alerta: </span>
          {fila.alerta}
        </span>
      )}
    </>
  );
}

/** 'Pedidos': saved views, filters and search in the URL, a page of orders, bulk actions on the chosen ones. */
export default function Pedidos() {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const consulta = useSearch();
  const [, navegar] = useLocation();
  const filtro = useMemo(() => filtroDeUrl(consulta), [consulta]);
  const pedido: FiltroPedidos = { porPagina: POR_PAGINA, ...filtro };
  const pagina = useQuery({
    queryKey: ['pedidos', pedido],
    queryFn: () => cliente.ordersPage(pedido),
    placeholderData: keepPreviousData,
  });
  const [elegidos, setElegidos] = useState<RowSelectionState>({});
  const [enviando, setEnviando] = useState(false);
  const [resultado, setResultado] = useState<ResultadoLote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const filas = pagina.data?.pedidos ?? SIN_FILAS;
  const tabla = useTable({
    features: funciones,
    columns: columnas,
    data: filas,
    getRowId: (fila) => String(fila.idVenta),
    state: { rowSelection: elegidos },
    onRowSelectionChange: setElegidos,
  });
  const telefono = useEsTelefono();
  const ir = (cambio: Partial<FiltroPedidos>) => {
    setElegidos({});
    navegar(`/pedidos${urlDeFiltro(cambiarFiltro(filtro, cambio))}`);
  };
  const seleccion = filas.filter((fila) => elegidos[String(fila.idVenta)]);
  const ids = seleccion.map((fila) => fila.idVenta);
  const alTerminarLote = async (lote: ResultadoLote) => {
    setResultado(lote);
    setElegidos({});
    await consultas.invalidateQueries({ queryKey: ['pedidos'] });
    await consultas.invalidateQueries({ queryKey: ['inicio'] });
  };
  const enLote = async (accion: () => Promise<void>) => {
    setError(null);
    setResultado(null);
    setOcupado(true);
    try {
      await accion();
    } catch (fallo) {
      setError(mensajeDe(fallo));
    } finally {
      setOcupado(false);
    }
  };
  // A paid order is already EN PREPARACION (only a payment moves it there); in bulk, staff make pickups ready and mark deliveries done.
  const mover = (estado: 'LISTO PARA RECOGER' | 'ENTREGADO') =>
    enLote(async () => alTerminarLote(await cliente.moveOrders({ ids, estado })));
  const hojas = (tipo: 'hojas' | 'recojo') =>
    enLote(async () => {
      const { pedidos } = await cliente.packingSlips(ids);
      imprimir(tipo, pedidos);
    });
  const total = pagina.data?.total ?? 0;
  const paginas = Math.max(1, Math.ceil(total / (pagina.data?.porPagina ?? POR_PAGINA)));
  const actual = filtro.pagina ?? 1;
  return (
    <Pantalla titulo="Pedidos">
      <nav aria-label="Vistas guardadas" className="bo-vistas">
        <ul>
          {[...VISTAS_PEDIDOS, undefined].map((vista) => (
            <li key={vista ?? 'todos'}>
              <Link
                href={`/pedidos${urlDeFiltro({ vista })}`}
                aria-current={filtro.vista === vista && (vista !== undefined || Object.keys(filtro).length === 0) ? 'page' : undefined}
              >
                {vista ? NOMBRE_VISTA[vista] : 'Todos'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Filtros filtro={filtro} alFiltrar={ir} />
      <div className="bo-lote" role="group" aria-label="Acciones con los pedidos elegidos">
        <p className="bo-lote__cuenta" aria-live="polite">
          {ids.length === 0
            ? 'Elige pedidos para actuar sobre varios a la vez.'
            : `${ids.length} ${ids.length === 1 ? 'pedido elegido' : 'pedidos elegidos'}`}
        </p>
        <button type="button" className="btn bo-btn--sm" disabled={!ids.length || ocupado} onClick={() => setEnviando(true)}>
          Marcar enviados
        </button>
        <button type="button" className="btn bo-btn--sm" disabled={!ids.length || ocupado} onClick={() => void mover('LISTO PARA RECOGER')}>
          Listos para recoger
        </button>
        <button
          type="button"
          className="btn btn--outline bo-btn--sm"
          disabled={!ids.length || ocupado}
          onClick={() => void mover('ENTREGADO')}
        >
          Marcar entregados
        </button>
        <button type="button" className="btn btn--outline bo-btn--sm" disabled={!ids.length || ocupado} onClick={() => void hojas('hojas')}>
          Imprimir hojas de empaque
        </button>
        <button
          type="button"
          className="btn btn--outline bo-btn--sm"
          disabled={!ids.length || ocupado}
          onClick={() => void hojas('recojo')}
        >
          Lista de recojo
        </button>
      </div>
      <Aviso error={error} ok={resultado?.mensaje} />
      {resultado && resultado.resultados.some((uno) => !uno.ok) && (
        <ul className="bo-resultados">
          {resultado.resultados
            .filter((uno) => !uno.ok)
            .map((uno) => (
              <li key={uno.idVenta}>
                Pedido N.° {uno.idVenta}: {uno.mensaje}
              </li>
            ))}
        </ul>
      )}
      {pagina.isPending ? (
        <Cargando />
      ) : pagina.isError ? (
        <p role="alert">{mensajeDe(pagina.error)}</p>
      ) : filas.length === 0 ? (
        <p className="bo-vacio">No hay pedidos con estos filtros.</p>
      ) : telefono ? (
        <ul className="bo-tarjetas" aria-label="Pedidos">
          {tabla.getRowModel().rows.map((fila) => (
            <li key={fila.id} className="card bo-tarjeta">
              <label className="bo-tarjeta__elegir">
                <input type="checkbox" checked={fila.getIsSelected()} onChange={() => fila.toggleSelected()} />
                <span className="visually-hidden">Elegir el pedido {fila.original.idVenta}</span>
              </label>
              <p className="bo-tarjeta__cabeza">
                <Link href={`/pedidos/${fila.original.idVenta}`} className="bo-enlace-fuerte">
                  N.° {fila.original.idVenta}
                </Link>{' '}
                <strong>{soles(fila.original.total)}</strong>
              </p>
              <p>
                <Estado fila={fila.original} />
              </p>
              <p>
                {fila.original.cliente} · {fila.original.recojo ? 'Recojo en tienda' : fila.original.distrito}
              </p>
              <p className="bo-nota">
                {fila.original.resumen} · {nombreMetodo(fila.original.metodo_pago)} · {edad(fila.original.edadHoras)}
                {fila.original.atrasado && <span className="bo-etiqueta bo-etiqueta--urgente">Atrasado</span>}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <div className="bo-tabla-marco">
          <table className="bo-tabla">
            <caption className="visually-hidden">
              Pedidos, página {actual} de {paginas}
            </caption>
            <thead>
              {tabla.getHeaderGroups().map((grupo) => (
                <tr key={grupo.id}>
                  {grupo.headers.map((cabecera) => (
                    <th key={cabecera.id} scope="col">
                      <tabla.FlexRender header={cabecera} />
                    </th>
                  ))}
                </tr>
              ))}
            </thead>
            <tbody>
              {tabla.getRowModel().rows.map((fila) => (
                <tr key={fila.id} className={fila.getIsSelected() ? 'bo-fila--elegida' : undefined}>
                  {fila.getAllCells().map((celda) => (
                    <td key={celda.id}>
                      <tabla.FlexRender cell={celda} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="bo-paginas" aria-label="Páginas">
        <p>
          {total} {total === 1 ? 'pedido' : 'pedidos'} · página {actual} de {paginas}
        </p>
        <button type="button" className="btn btn--outline bo-btn--sm" disabled={actual <= 1} onClick={() => ir({ pagina: actual - 1 })}>
          Anterior
        </button>
        <button
          type="button"
          className="btn btn--outline bo-btn--sm"
          disabled={actual >= paginas}
          onClick={() => ir({ pagina: actual + 1 })}
        >
          Siguiente
        </button>
      </nav>
      {enviando && (
        <DialogoEnvio
          pedidos={seleccion}
          alCerrar={() => setEnviando(false)}
          alEnviar={async (lote) => {
            const respuesta = await cliente.moveOrders(lote);
            setEnviando(false);
            await alTerminarLote(respuesta);
          }}
        />
      )}
    </Pantalla>
  );
}
