import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { createContext, useContext, useId } from 'react';
import type { CampoLote, FilaLote } from '../../lib/api/lote-schemas.ts';
import { useEsTelefono } from '../pedidos/useEsTelefono.ts';
import { valorCelda, type Ediciones } from './ediciones.ts';

/** The badges (lote-schemas.ts's INSIGNIAS, spelled here so the screen loads no zod). */
const INSIGNIAS = ['', 'Nuevo', 'Reestok', 'Preventa', 'Sale'] as const;

/** How each field is called on screen. */
export const ETIQUETA: Record<CampoLote, string> = {
  precio: 'Precio (S/)',
  descuento: 'Descuento (%)',
  descuentoN: 'Descuento (S/)',
  descuentoDesde: 'Descuento desde',
  descuentoHasta: 'Descuento hasta',
  stock: 'Stock',
  visible: 'Visible en la tienda',
  newores: 'Insignia',
};

interface Edicion {
  ediciones: Ediciones;
  editar: (fila: FilaLote, campo: CampoLote, valor: string | boolean) => void;
}
const EdicionContexto = createContext<Edicion>({ ediciones: {}, editar: () => {} });

/** One editable value of one product: an input in the table (named for screen readers), a labelled field on a card. */
function Entrada({ fila, campo, conEtiqueta = false }: { fila: FilaLote; campo: CampoLote; conEtiqueta?: boolean }) {
  const { ediciones, editar } = useContext(EdicionContexto);
  const id = useId();
  const valor = valorCelda(fila, ediciones, campo);
  const propio = valorCelda(fila, {}, campo);
  const editada = valor !== propio;
  const nombre = `${ETIQUETA[campo]} de ${fila.nombre}`;
  const comunes = {
    id,
    'aria-label': conEtiqueta ? undefined : nombre,
    className: `bo-lote-celda${editada ? ' bo-lote-celda--editada' : ''}`,
  };
  const control =
    campo === 'visible' ? (
      <input {...comunes} type="checkbox" checked={valor === true} onChange={(e) => editar(fila, campo, e.target.checked)} />
    ) : campo === 'newores' ? (
      <select {...comunes} value={String(valor)} onChange={(e) => editar(fila, campo, e.target.value)}>
        {INSIGNIAS.map((insignia) => (
          <option key={insignia} value={insignia}>
            {insignia || 'Ninguna'}
          </option>
        ))}
      </select>
    ) : campo === 'descuentoDesde' || campo === 'descuentoHasta' ? (
      <input {...comunes} type="date" value={String(valor)} onChange={(e) => editar(fila, campo, e.target.value)} />
    ) : (
      <input
        {...comunes}
        type="text"
        inputMode={campo === 'stock' ? 'numeric' : 'decimal'}
        size={campo === 'stock' ? 5 : 7}
        value={String(valor)}
        onChange={(e) => editar(fila, campo, e.target.value)}
      />
    );
  if (!conEtiqueta) return control;
  return (
    <div className={`bo-lote-campo${campo === 'visible' ? ' bo-lote-campo--caja' : ''}`}>
      <label htmlFor={id}>{ETIQUETA[campo]}</label>
      {control}
    </div>
  );
}

/** The product's name, brand, SKU and whether its discount applies today. */
function Nombre({ fila }: { fila: FilaLote }) {
  return (
    <>
      <span className="bo-lote-nombre">{fila.nombre}</span>
      <span className="bo-nota">
        {fila.marca}
        {fila.sku ? ` · ${fila.sku}` : ''}
        {(fila.descuento > 0 || fila.descuentoN > 0) && !fila.descuentoVigente && ' · descuento fuera de fecha'}
        {fila.archivado && ' · archivado'}
      </span>
    </>
  );
}

const funciones = tableFeatures({});
const columna = createColumnHelper<typeof funciones, FilaLote>();
const CAMPOS: CampoLote[] = ['precio', 'descuento', 'descuentoN', 'descuentoDesde', 'descuentoHasta', 'stock', 'visible', 'newores'];
const columnas = columna.columns([
  columna.accessor('nombre', { header: 'Producto', cell: ({ row }) => <Nombre fila={row.original} /> }),
  ...CAMPOS.map((campo) =>
    columna.display({ id: campo, header: ETIQUETA[campo], cell: ({ row }) => <Entrada fila={row.original} campo={campo} /> }),
  ),
]);

/** The grid of the page's products: a table on a laptop, a card per product on a phone; every value edited in place. */
export default function Rejilla({ filas, ...edicion }: { filas: FilaLote[] } & Edicion) {
  const telefono = useEsTelefono();
  const tabla = useTable({ features: funciones, columns: columnas, data: filas, getRowId: (fila) => String(fila.idProducto) });
  return (
    <EdicionContexto value={edicion}>
      {telefono ? (
        <ul className="bo-tarjetas bo-lote-tarjetas" aria-label="Productos">
          {filas.map((fila) => (
            <li key={fila.idProducto} className="card bo-lote-tarjeta">
              <p>
                <Nombre fila={fila} />
              </p>
              <div className="bo-lote-campos">
                {CAMPOS.map((campo) => (
                  <Entrada key={campo} fila={fila} campo={campo} conEtiqueta />
                ))}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="bo-tabla-marco">
          <table className="bo-tabla bo-lote-tabla">
            <caption className="visually-hidden">Productos para editar en bloque</caption>
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
                <tr key={fila.id} className={edicion.ediciones[fila.original.idProducto] ? 'bo-fila--elegida' : undefined}>
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
    </EdicionContexto>
  );
}
