import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import type { FilaCliente } from '../../lib/api/clientes-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fecha } from '../formato.ts';
import { cuantos } from '../libros/Vistas.tsx';
import { Campo } from '../marco/Campo.tsx';
import { Cargando, Pantalla } from '../marco/Pantalla.tsx';
import { useEsTelefono } from '../pedidos/useEsTelefono.ts';
import './clientes.css';

/** The search and page of the address (`?q=…&pagina=…`). */
export function filtroDeUrl(consulta: string): { q?: string; pagina: number } {
  const parametros = new URLSearchParams(consulta);
  const pagina = Number(parametros.get('pagina'));
  const q = parametros.get('q')?.trim();
  return { ...(q ? { q } : {}), pagina: Number.isSafeInteger(pagina) && pagina >= 1 ? pagina : 1 };
}

/** The address of a search and page. */
export function urlDeFiltro({ q, pagina = 1 }: { q?: string; pagina?: number }): string {
  const parametros = new URLSearchParams();
  if (q) parametros.set('q', q);
  if (pagina > 1) parametros.set('pagina', String(pagina));
  const texto = parametros.toString();
  return texto ? `/clientes?${texto}` : '/clientes';
}

/** 'Clientes': the shop's customers searched by name, e-mail or document (without accents or case), each one tap from her page. */
export default function Clientes() {
  const cliente = useCliente();
  const [, navegar] = useLocation();
  const telefono = useEsTelefono();
  const { q, pagina } = filtroDeUrl(useSearch());
  const lista = useQuery({
    queryKey: ['clientes', q ?? '', pagina],
    queryFn: () => cliente.customers({ q, pagina }),
    placeholderData: keepPreviousData,
  });
  const { register, handleSubmit } = useForm({ values: { q: q ?? '' } });
  const buscar = handleSubmit((valores) => navegar(urlDeFiltro({ q: valores.q.trim() || undefined })));
  const paginas = lista.data ? Math.max(1, Math.ceil(lista.data.total / lista.data.porPagina)) : 1;
  return (
    <Pantalla titulo="Clientes">
      <form className="bo-filtros" role="search" aria-label="Buscar clientes" onSubmit={(event) => void buscar(event)}>
        <Campo etiqueta="Buscar" type="search" pista="Nombre, correo o documento." className="bo-filtros__buscar" {...register('q')} />
        <div className="bo-acciones">
          <button type="submit" className="btn bo-btn--sm">
            Buscar
          </button>
          {q && (
            <Link href="/clientes" className="btn btn--ghost bo-btn--sm">
              Ver todos
            </Link>
          )}
        </div>
      </form>
      {lista.isPending ? (
        <Cargando />
      ) : lista.isError ? (
        <p role="alert">{mensajeDe(lista.error)}</p>
      ) : lista.data.clientes.length === 0 ? (
        <p className="bo-vacio">{q ? `Ningún cliente coincide con «${q}».` : 'Todavía no hay clientes registrados.'}</p>
      ) : (
        <>
          <p className="bo-nota" role="status">
            {cuantos(lista.data.total, 'cliente', 'clientes')}
            {q ? ` para «${q}»` : ''}, las cuentas más nuevas primero.
          </p>
          {telefono ? (
            <ul className="bo-tarjetas" aria-label="Clientes">
              {lista.data.clientes.map((fila) => (
                <li key={fila.id} className="card bo-tarjeta bo-tarjeta--cliente">
                  <p className="bo-tarjeta__cabeza">
                    <Link href={`/clientes/${fila.id}`} className="bo-enlace-fuerte">
                      {fila.nombre}
                    </Link>
                    <Pendientes fila={fila} />
                  </p>
                  <p>{fila.correo}</p>
                  <p className="bo-nota">
                    {[fila.documento || 'Sin documento', fila.telefono, cuantos(fila.pedidos, 'pedido', 'pedidos')]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <div className="bo-tabla-marco">
              <table className="bo-tabla">
                <caption className="visually-hidden">
                  Clientes, página {pagina} de {paginas}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Cliente</th>
                    <th scope="col">Correo</th>
                    <th scope="col">Documento</th>
                    <th scope="col">Celular</th>
                    <th scope="col">Pedidos</th>
                    <th scope="col">Último pedido</th>
                    <th scope="col">Cliente desde</th>
                  </tr>
                </thead>
                <tbody>
                  {lista.data.clientes.map((fila) => (
                    <tr key={fila.id}>
                      <td>
                        <Link href={`/clientes/${fila.id}`} className="bo-enlace-fuerte">
                          {fila.nombre}
                        </Link>
                        <Pendientes fila={fila} />
                      </td>
                      <td>{fila.correo}</td>
                      <td>{fila.documento || '—'}</td>
                      <td>{fila.telefono || '—'}</td>
                      <td>{fila.pedidos}</td>
                      <td>{fila.ultimoPedido ? fecha(fila.ultimoPedido) : '—'}</td>
                      <td>{fecha(fila.creado)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {paginas > 1 && (
            <nav className="bo-paginas" aria-label="Páginas">
              {pagina > 1 && <Link href={urlDeFiltro({ q, pagina: pagina - 1 })}>← Anterior</Link>}
              <span>
                Página {pagina} de {paginas}
              </span>
              {pagina < paginas && <Link href={urlDeFiltro({ q, pagina: pagina + 1 })}>Siguiente →</Link>}
            </nav>
          )}
        </>
      )}
    </Pantalla>
  );
}

/** Her data requests still to answer, flagged beside her name. */
function Pendientes({ fila }: { fila: FilaCliente }) {
  if (fila.solicitudesPendientes === 0) return null;
  return (
    <span className="bo-etiqueta bo-etiqueta--alerta">
      {fila.solicitudesPendientes === 1 ? '1 solicitud de datos' : `${fila.solicitudesPendientes} solicitudes de datos`}
    </span>
  );
}
