import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import type { ConsultaAuditoria, RespuestaAuditoria } from '../../lib/api/auditoria-schemas.ts';
import type { EntradaAuditoria } from '../../lib/api/operator-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fechaHora } from '../formato.ts';
import { cuantos } from '../libros/Vistas.tsx';
import { Campo, Selector } from '../marco/Campo.tsx';
import { Cargando, Pantalla, SoloDueno } from '../marco/Pantalla.tsx';
import { useEsTelefono } from '../pedidos/useEsTelefono.ts';
import { accionEnPalabras, cambiosLegibles } from './cambios.ts';

/** Entries per page. */
const POR_PAGINA = 50;

/** The filters the address holds (each optional), and the page. */
const CLAVES = ['persona', 'pedido', 'producto', 'accion', 'desde', 'hasta'] as const;
type Filtros = Record<(typeof CLAVES)[number], string>;

/** The filters and page of the address. */
function filtrosDe(consulta: string): { filtros: Filtros; pagina: number } {
  const parametros = new URLSearchParams(consulta);
  const filtros = Object.fromEntries(CLAVES.map((clave) => [clave, parametros.get(clave)?.trim() ?? ''])) as Filtros;
  const pagina = Number(parametros.get('pagina'));
  return { filtros, pagina: Number.isSafeInteger(pagina) && pagina >= 1 ? pagina : 1 };
}

/** The address of these filters at `pagina` (empty filters left out). */
function direccion(filtros: Filtros, pagina = 1): string {
  const parametros = new URLSearchParams();
  for (const clave of CLAVES) if (filtros[clave]) parametros.set(clave, filtros[clave]);
  if (pagina > 1) parametros.set('pagina', String(pagina));
  const texto = parametros.toString();
  return texto ? `/auditoria?${texto}` : '/auditoria';
}

/** 'Auditoría': who did what and when, the newest first, filtered by person, order, product, action and dates (owner only). */
export default function Auditoria() {
  return (
    <SoloDueno>
      <Registro />
    </SoloDueno>
  );
}

function Registro() {
  const cliente = useCliente();
  const [, navegar] = useLocation();
  const { filtros, pagina } = filtrosDe(useSearch());
  const consulta: ConsultaAuditoria = {
    ...Object.fromEntries(CLAVES.filter((c) => filtros[c]).map((c) => [c, filtros[c]])),
    pagina,
    limite: POR_PAGINA,
  };
  const lista = useQuery({
    queryKey: ['auditoria', direccion(filtros, pagina)],
    queryFn: () => cliente.auditTrail(consulta),
    placeholderData: keepPreviousData,
  });
  return (
    <Pantalla titulo="Auditoría">
      <p className="bo-nota">
        Cada cambio hecho en el panel o con una clave de API, con quién lo hizo y cuándo. Nadie puede editarlo ni borrarlo.
      </p>
      <Filtro filtros={filtros} opciones={lista.data} alFiltrar={(nuevos) => navegar(direccion(nuevos))} />
      {lista.isPending ? (
        <Cargando />
      ) : lista.isError ? (
        <p role="alert">{mensajeDe(lista.error)}</p>
      ) : lista.data.entradas.length === 0 ? (
        <p className="bo-vacio">No hay cambios registrados con estos filtros.</p>
      ) : (
        <Entradas respuesta={lista.data} filtros={filtros} />
      )}
    </Pantalla>
  );
}

/** The filters' form: applied together ('Filtrar'), kept in the address. */
function Filtro({
  filtros,
  opciones,
  alFiltrar,
}: {
  filtros: Filtros;
  opciones: RespuestaAuditoria | undefined;
  alFiltrar: (filtros: Filtros) => void;
}) {
  const { register, handleSubmit, reset } = useForm<Filtros>({ values: filtros });
  const vacio = Object.fromEntries(CLAVES.map((clave) => [clave, ''])) as Filtros;
  // A name or action in the address stays a choice even before (or without) the trail's lists.
  const personas = [...new Set([...(opciones?.personas ?? []), ...(filtros.persona ? [filtros.persona] : [])])];
  const acciones = [...new Set([...(opciones?.acciones ?? []), ...(filtros.accion ? [filtros.accion] : [])])];
  return (
    <form
      className="bo-filtros"
      role="search"
      aria-label="Filtrar la auditoría"
      onSubmit={(event) =>
        void handleSubmit((valores) => alFiltrar(Object.fromEntries(CLAVES.map((c) => [c, valores[c].trim()])) as Filtros))(event)
      }
    >
      <div className="bo-filtros__rejilla">
        <Selector etiqueta="Persona" {...register('persona')}>
          <option value="">Todas</option>
          {personas.map((nombre) => (
            <option key={nombre} value={nombre}>
              {nombre}
            </option>
          ))}
        </Selector>
        <Campo etiqueta="Pedido N.°" inputMode="numeric" autoComplete="off" {...register('pedido')} />
        <Campo etiqueta="Producto (id o SKU)" autoComplete="off" {...register('producto')} />
        <Selector etiqueta="Acción" {...register('accion')}>
          <option value="">Todas</option>
          {acciones.map((accion) => (
            <option key={accion} value={accion}>
              {accionEnPalabras(accion) === accion ? accion : `${accionEnPalabras(accion)} (${accion})`}
            </option>
          ))}
        </Selector>
        <Campo etiqueta="Desde" type="date" {...register('desde')} />
        <Campo etiqueta="Hasta" type="date" {...register('hasta')} />
      </div>
      <div className="bo-acciones">
        <button type="submit" className="btn bo-btn--sm">
          Filtrar
        </button>
        <button
          type="button"
          className="btn btn--ghost bo-btn--sm"
          onClick={() => {
            reset(vacio);
            alFiltrar(vacio);
          }}
        >
          Limpiar
        </button>
      </div>
    </form>
  );
}

/** The changed fields of an entry, one per line. */
function Cambios({ entrada }: { entrada: EntradaAuditoria }) {
  const lineas = cambiosLegibles(entrada);
  if (lineas.length === 0) return <span className="bo-nota">—</span>;
  return (
    <ul className="bo-auditoria__cambios">
      {lineas.map((linea) => (
        <li key={linea}>{linea}</li>
      ))}
    </ul>
  );
}

/** A page of entries: a table on a laptop, cards on a phone, and the pages. */
function Entradas({ respuesta, filtros }: { respuesta: RespuestaAuditoria; filtros: Filtros }) {
  const telefono = useEsTelefono();
  const paginas = Math.max(1, Math.ceil(respuesta.total / respuesta.limite));
  const { entradas, pagina } = respuesta;
  return (
    <>
      <p className="bo-nota" role="status">
        {cuantos(respuesta.total, 'cambio', 'cambios')}, el más reciente primero.
      </p>
      {telefono ? (
        <ul className="bo-tarjetas" aria-label="Cambios registrados">
          {entradas.map((entrada) => (
            <li key={entrada.id} className="card bo-tarjeta bo-auditoria__tarjeta">
              <p className="bo-tarjeta__cabeza">
                <strong>{accionEnPalabras(entrada.accion)}</strong>
              </p>
              <p>
                {entrada.objetivo} · <span className="bo-nota">{entrada.accion}</span>
              </p>
              <p className="bo-nota">
                {entrada.operador} · {fechaHora(entrada.fecha)}
              </p>
              <Cambios entrada={entrada} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="bo-tabla-marco">
          <table className="bo-tabla bo-auditoria__tabla">
            <caption className="visually-hidden">
              Cambios registrados, página {pagina} de {paginas}
            </caption>
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Persona</th>
                <th scope="col">Acción</th>
                <th scope="col">Sobre</th>
                <th scope="col">Antes → después</th>
              </tr>
            </thead>
            <tbody>
              {entradas.map((entrada) => (
                <tr key={entrada.id}>
                  <td>
                    <span className="bo-nota">{fechaHora(entrada.fecha)}</span>
                  </td>
                  <td>{entrada.operador}</td>
                  <td>
                    {accionEnPalabras(entrada.accion)}
                    {accionEnPalabras(entrada.accion) !== entrada.accion && <span className="bo-nota">{entrada.accion}</span>}
                  </td>
                  <td>{entrada.objetivo}</td>
                  <td>
                    <Cambios entrada={entrada} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {paginas > 1 && (
        <nav className="bo-paginas" aria-label="Páginas">
          {pagina > 1 && <Link href={direccion(filtros, pagina - 1)}>← Anterior</Link>}
          <span>
            Página {pagina} de {paginas}
          </span>
          {pagina < paginas && <Link href={direccion(filtros, pagina + 1)}>Siguiente →</Link>}
        </nav>
      )}
    </>
  );
}
