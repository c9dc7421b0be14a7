import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
import type { FilaStock, FiltroStock } from '../../lib/api/stock-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { cuantos, deLaConsulta, Vistas } from '../libros/Vistas.tsx';
import { Aviso, Cargando, Pantalla } from '../marco/Pantalla.tsx';

/** The lists (stock-schemas.ts's FILTROS_STOCK, spelled here so the screen loads no zod). */
const FILTROS_STOCK = ['agotado', 'bajo'] as const satisfies readonly FiltroStock[];
const NOMBRE: Record<FiltroStock, string> = { agotado: 'Agotados', bajo: 'Stock bajo' };

/** The page number of the URL (1 when absent or not a page). */
function paginaDe(consulta: string): number {
  const pagina = Number(new URLSearchParams(consulta).get('pagina'));
  return Number.isSafeInteger(pagina) && pagina >= 1 ? pagina : 1;
}

/** 'Stock': the products sold out (the most awaited on 'Avísame' first) and those running low, each restocked in place. */
export default function Stock() {
  const cliente = useCliente();
  const consulta = useSearch();
  const filtro = deLaConsulta(consulta, 'stock', FILTROS_STOCK, 'agotado');
  const pagina = paginaDe(consulta);
  const lista = useQuery({ queryKey: ['stock', filtro, pagina], queryFn: () => cliente.stockProducts({ stock: filtro, pagina }) });
  const [hecho, setHecho] = useState<string | null>(null);
  const anuncio = useRef<HTMLDivElement>(null);
  const alGuardar = (mensaje: string) => {
    setHecho(mensaje);
    // The card may leave the list (restocked): the keyboard continues from the message, just above it.
    anuncio.current?.focus();
  };
  const paginas = lista.data ? Math.max(1, Math.ceil(lista.data.total / lista.data.porPagina)) : 1;
  return (
    <Pantalla titulo="Stock">
      <Vistas
        etiqueta="Filtrar productos"
        actual={filtro}
        vistas={FILTROS_STOCK.map((clave) => ({ clave, texto: NOMBRE[clave], href: `/stock?stock=${clave}` }))}
      />
      <div ref={anuncio} tabIndex={-1}>
        <Aviso ok={hecho} />
      </div>
      {lista.isPending ? (
        <Cargando />
      ) : lista.isError ? (
        <p role="alert">{mensajeDe(lista.error)}</p>
      ) : lista.data.productos.length === 0 ? (
        <p className="bo-vacio">
          {filtro === 'agotado'
            ? 'No hay productos agotados. ¡Todo en stock!'
            : `Ningún producto tiene ${lista.data.umbral} unidades o menos.`}
        </p>
      ) : (
        <>
          <p className="bo-nota">
            {filtro === 'agotado'
              ? `${cuantos(lista.data.total, 'producto agotado', 'productos agotados')}, primero los que más clientes esperan con 'Avísame'. Al reponer, les avisamos por correo.`
              : `${cuantos(lista.data.total, 'producto', 'productos')} con ${lista.data.umbral} unidades o menos, el de menos unidades primero.`}
          </p>
          <ul className="bo-libro-lista bo-libro-lista--dos" aria-label={NOMBRE[filtro]}>
            {lista.data.productos.map((producto) => (
              <Producto key={producto.idProducto} producto={producto} alGuardar={alGuardar} />
            ))}
          </ul>
          {paginas > 1 && (
            <nav className="bo-paginas" aria-label="Páginas">
              {pagina > 1 && <Link href={`/stock?stock=${filtro}&pagina=${pagina - 1}`}>← Anterior</Link>}
              <span>
                Página {pagina} de {paginas}
              </span>
              {pagina < paginas && <Link href={`/stock?stock=${filtro}&pagina=${pagina + 1}`}>Siguiente →</Link>}
            </nav>
          )}
        </>
      )}
    </Pantalla>
  );
}

/** One product: what it is, its units and who waits, and its stock changed in place. */
function Producto({ producto, alGuardar }: { producto: FilaStock; alGuardar: (mensaje: string) => void }) {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({ defaultValues: { stock: String(producto.stock) } });
  const guardar = handleSubmit(async ({ stock }) => {
    setError(null);
    try {
      const respuesta = await cliente.updateProduct(String(producto.idProducto), { stock: Number(stock) });
      alGuardar(respuesta.mensaje ?? `Guardamos el stock de ${producto.nombre}.`);
      await Promise.all([consultas.invalidateQueries({ queryKey: ['stock'] }), consultas.invalidateQueries({ queryKey: ['inicio'] })]);
    } catch (fallo) {
      setError(mensajeDe(fallo));
    }
  });
  const problema = formState.errors.stock?.message;
  const idCampo = `bo-stock-${producto.idProducto}`;
  return (
    <li className="card bo-libro">
      <div className="bo-libro__fila">
        {producto.img ? <img src={producto.img} alt="" width={56} height={56} loading="lazy" /> : <span />}
        <div>
          <p>
            <strong>{producto.nombre}</strong>
          </p>
          <p className="bo-nota">
            {producto.marca}
            {producto.sku ? ` · SKU ${producto.sku}` : ''} · N.° {producto.idProducto}
            {producto.visible ? '' : ' · oculto en la tienda'}
          </p>
          <p>
            {producto.stock === 0 ? (
              <span className="bo-plazo bo-plazo--urgente">Agotado</span>
            ) : (
              <span className="bo-plazo">{cuantos(producto.stock, 'unidad', 'unidades')}</span>
            )}{' '}
            {producto.avisos > 0 && (
              <strong>{producto.avisos === 1 ? '1 persona espera' : `${producto.avisos} personas esperan`} 'Avísame'</strong>
            )}
          </p>
        </div>
      </div>
      <form className="bo-stock-edicion" onSubmit={(event) => void guardar(event)} noValidate>
        <div>
          <label htmlFor={idCampo}>
            Unidades en stock<span className="visually-hidden"> de {producto.nombre}</span>
          </label>
          <input
            id={idCampo}
            className="auth-field__input"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            aria-invalid={problema ? true : undefined}
            aria-describedby={problema ? `${idCampo}-problema` : undefined}
            {...register('stock', {
              validate: (valor) => /^\d{1,6}$/.test(valor.trim()) || 'Escribe las unidades: un número entero de 0 o más.',
            })}
          />
        </div>
        <button type="submit" className="btn bo-btn--sm" disabled={formState.isSubmitting}>
          Guardar
        </button>
        {problema && (
          <p id={`${idCampo}-problema`} className="bo-aviso__error">
            {problema}
          </p>
        )}
      </form>
      <Aviso error={error} />
    </li>
  );
}
