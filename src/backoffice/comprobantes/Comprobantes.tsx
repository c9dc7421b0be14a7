import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import {
  ESTADOS_FILTRO_COMPROBANTE,
  TIPOS_FILTRO_COMPROBANTE,
  type ComprobanteOperador,
  type EstadoFiltroComprobante,
  type FiltroComprobantes,
  type TipoFiltroComprobante,
} from '../../lib/api/comprobantes-schemas.ts';
import { NOMBRE_DOCUMENTO_SUNAT } from '../../lib/comprobantes/numero.ts';
import { fechaLima } from '../../lib/dates.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fechaHora, soles } from '../formato.ts';
import { cuantos, Vistas } from '../libros/Vistas.tsx';
import { Campo, Selector } from '../marco/Campo.tsx';
import { Aviso, Cargando, Pantalla } from '../marco/Pantalla.tsx';
import { ReautenticacionCancelada, useReautenticar } from '../marco/Reautenticar.tsx';
import { usePersona } from '../marco/sesion.ts';
import { useEsTelefono } from '../pedidos/useEsTelefono.ts';
import { filtroDeUrl, POR_PAGINA, urlDeFiltro } from './filtro.ts';
import './comprobantes.css';

/** The list's states and types as the owner reads them. */
export const NOMBRE_ESTADO: Record<EstadoFiltroComprobante, string> = {
  'por-atender': 'Por atender',
  pendiente: 'Pendiente de SUNAT',
  aceptado: 'Aceptado',
  observado: 'Aceptado con observaciones',
  rechazado: 'Rechazado por SUNAT',
};
const NOMBRE_TIPO: Record<TipoFiltroComprobante, string> = {
  boleta: 'Boleta',
  factura: 'Factura',
  'nota-de-credito': 'Nota de crédito',
};

/** A receipt's state in words: a rejected one says whether it was already replaced, a returned one that it waits for a correction. */
export function EstadoComprobante({
  comprobante,
}: {
  comprobante: Pick<ComprobanteOperador, 'estado' | 'reemplazadoPor' | 'porCorregir' | 'observaciones'>;
}) {
  if (comprobante.estado === 'rechazado')
    return comprobante.reemplazadoPor ? (
      <span className="bo-plazo">Rechazado · reemplazado por {comprobante.reemplazadoPor}</span>
    ) : (
      <span className="bo-plazo bo-plazo--urgente">Rechazado por SUNAT</span>
    );
  if (comprobante.estado === 'pendiente')
    return <span className="bo-plazo bo-plazo--urgente">{comprobante.porCorregir ? 'Devuelto: por corregir' : 'Pendiente de SUNAT'}</span>;
  return <span className="bo-plazo">{comprobante.observaciones ? 'Aceptado con observaciones' : 'Aceptado'}</span>;
}

/** What SUNAT said, in plain words when the shop knows the code, else SUNAT's (or the provider's) own message. */
export function palabrasSunat(comprobante: Pick<ComprobanteOperador, 'explicacion' | 'mensaje' | 'ultimoError' | 'estado'>): string | null {
  if (comprobante.estado === 'aceptado') return null;
  return comprobante.explicacion ?? comprobante.mensaje ?? comprobante.ultimoError;
}

const documento = (c: ComprobanteOperador) => `${NOMBRE_DOCUMENTO_SUNAT[c.cliente.tipoDocumento] ?? 'Doc.'} ${c.cliente.numeroDocumento}`;

/** 'Comprobantes': every receipt, filtered by series, type, state and dates (the filter in the address), a page at a time. */
export default function Comprobantes() {
  const cliente = useCliente();
  const persona = usePersona();
  const [, navegar] = useLocation();
  const consulta = useSearch();
  const filtro = useMemo(() => filtroDeUrl(consulta), [consulta]);
  const pedido: FiltroComprobantes = { porPagina: POR_PAGINA, ...filtro };
  const lista = useQuery({
    queryKey: ['comprobantes', pedido],
    queryFn: () => cliente.comprobantesPage(pedido),
    placeholderData: keepPreviousData,
  });
  const telefono = useEsTelefono();
  const actual = filtro.pagina ?? 1;
  const total = lista.data?.total ?? 0;
  const paginas = Math.max(1, Math.ceil(total / (lista.data?.porPagina ?? POR_PAGINA)));
  const soloEstado = Object.keys(filtro).every((clave) => clave === 'estado');
  const vista = soloEstado ? (filtro.estado ?? 'todos') : '';
  return (
    <Pantalla titulo="Comprobantes">
      <Vistas
        etiqueta="Vistas de comprobantes"
        actual={vista}
        vistas={[
          { clave: 'todos', texto: 'Todos', href: urlDeFiltro({}) },
          ...(['por-atender', 'rechazado', 'pendiente'] as const).map((estado) => ({
            clave: estado,
            texto: estado === 'por-atender' ? 'Por atender' : estado === 'rechazado' ? 'Rechazados' : 'Pendientes',
            href: urlDeFiltro({ estado }),
          })),
        ]}
      />
      <Filtros filtro={filtro} alFiltrar={(nuevo) => navegar(urlDeFiltro(nuevo))} />
      {lista.isPending ? (
        <Cargando />
      ) : lista.isError ? (
        <p role="alert">{mensajeDe(lista.error)}</p>
      ) : lista.data.comprobantes.length === 0 ? (
        <p className="bo-vacio">
          {filtro.estado === 'por-atender' && soloEstado
            ? 'SUNAT aceptó todos los comprobantes. ¡Todo al día!'
            : 'Ningún comprobante coincide con estos filtros.'}
        </p>
      ) : telefono ? (
        <ul className="bo-tarjetas" aria-label="Comprobantes">
          {lista.data.comprobantes.map((comprobante) => (
            <li key={comprobante.numero} className="card bo-tarjeta bo-comprobante-tarjeta">
              <p className="bo-tarjeta__cabeza">
                <Link href={`/comprobantes/${comprobante.numero}`} className="bo-enlace-fuerte">
                  {comprobante.numero}
                </Link>{' '}
                <strong>{soles(comprobante.total)}</strong>
              </p>
              <p>
                <EstadoComprobante comprobante={comprobante} />
              </p>
              <p>
                {comprobante.nombre} · {comprobante.cliente.denominacion}
              </p>
              {palabrasSunat(comprobante) && <p className="bo-libro__texto">SUNAT: {palabrasSunat(comprobante)}</p>}
              <p className="bo-nota">
                {fechaHora(comprobante.emitido)} · pedido N.° {comprobante.pedido}
                {comprobante.prueba ? ' · de prueba' : ''}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <div className="bo-tabla-marco">
          <table className="bo-tabla">
            <caption className="visually-hidden">
              Comprobantes, página {actual} de {paginas}
            </caption>
            <thead>
              <tr>
                <th scope="col">Comprobante</th>
                <th scope="col">Emitido</th>
                <th scope="col">Cliente</th>
                <th scope="col">Total</th>
                <th scope="col">Estado</th>
                <th scope="col">SUNAT</th>
              </tr>
            </thead>
            <tbody>
              {lista.data.comprobantes.map((comprobante) => (
                <tr key={comprobante.numero}>
                  <td>
                    <Link href={`/comprobantes/${comprobante.numero}`} className="bo-enlace-fuerte">
                      {comprobante.numero}
                    </Link>
                    <span className="bo-nota">{comprobante.nombre}</span>
                  </td>
                  <td>
                    {fechaHora(comprobante.emitido)}
                    <span className="bo-nota">Pedido N.° {comprobante.pedido}</span>
                  </td>
                  <td>
                    {comprobante.cliente.denominacion}
                    <span className="bo-nota">{documento(comprobante)}</span>
                  </td>
                  <td>
                    <span className="bo-monto">{soles(comprobante.total)}</span>
                  </td>
                  <td>
                    <EstadoComprobante comprobante={comprobante} />
                    {comprobante.prueba && <span className="bo-nota">De prueba</span>}
                  </td>
                  <td className="bo-comprobantes__sunat">{palabrasSunat(comprobante) ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="bo-paginas" aria-label="Páginas">
        <p role="status">
          {cuantos(total, 'comprobante', 'comprobantes')} · página {actual} de {paginas}
        </p>
        <button
          type="button"
          className="btn btn--outline bo-btn--sm"
          disabled={actual <= 1}
          onClick={() => navegar(urlDeFiltro({ ...filtro, pagina: actual - 1 }))}
        >
          Anterior
        </button>
        <button
          type="button"
          className="btn btn--outline bo-btn--sm"
          disabled={actual >= paginas}
          onClick={() => navegar(urlDeFiltro({ ...filtro, pagina: actual + 1 }))}
        >
          Siguiente
        </button>
      </nav>
      {persona.rol === 'dueno' && <RegistroVentas />}
    </Pantalla>
  );
}

interface Valores {
  serie: string;
  tipo: string;
  estado: string;
  desde: string;
  hasta: string;
}

const valoresDe = (filtro: FiltroComprobantes): Valores => ({
  serie: filtro.serie ?? '',
  tipo: filtro.tipo ?? '',
  estado: filtro.estado ?? '',
  desde: filtro.desde ?? '',
  hasta: filtro.hasta ?? '',
});

/** The list's filters, applied together when sent ('Filtrar'): a new filter starts at page 1. */
function Filtros({ filtro, alFiltrar }: { filtro: FiltroComprobantes; alFiltrar: (filtro: FiltroComprobantes) => void }) {
  const { register, handleSubmit, reset, formState } = useForm<Valores>({ values: valoresDe(filtro) });
  const aplicar = handleSubmit((valores) =>
    alFiltrar({
      serie: valores.serie.trim().toUpperCase() || undefined,
      tipo: (valores.tipo || undefined) as TipoFiltroComprobante | undefined,
      estado: (valores.estado || undefined) as EstadoFiltroComprobante | undefined,
      desde: valores.desde || undefined,
      hasta: valores.hasta || undefined,
    }),
  );
  return (
    <form className="bo-filtros" role="search" aria-label="Filtrar comprobantes" onSubmit={(event) => void aplicar(event)} noValidate>
      <div className="bo-filtros__rejilla">
        <Selector etiqueta="Tipo" {...register('tipo')}>
          <option value="">Todos</option>
          {(Object.keys(TIPOS_FILTRO_COMPROBANTE) as TipoFiltroComprobante[]).map((tipo) => (
            <option key={tipo} value={tipo}>
              {NOMBRE_TIPO[tipo]}
            </option>
          ))}
        </Selector>
        <Selector etiqueta="Estado" {...register('estado')}>
          <option value="">Todos</option>
          {ESTADOS_FILTRO_COMPROBANTE.map((estado) => (
            <option key={estado} value={estado}>
              {NOMBRE_ESTADO[estado]}
            </option>
          ))}
        </Selector>
      </div>
      <details className="bo-filtros__mas" open={Boolean(filtro.serie || filtro.desde || filtro.hasta)}>
        <summary>Serie y fechas</summary>
        <div className="bo-filtros__rejilla">
          <Campo
            etiqueta="Serie"
            pista="Por ejemplo B001, F001, BC01 o FC01."
            maxLength={4}
            autoCapitalize="characters"
            problema={formState.errors.serie?.message}
            {...register('serie', {
              validate: (serie) => !serie.trim() || /^[A-Za-z0-9]{4}$/.test(serie.trim()) || 'La serie tiene 4 letras o números.',
            })}
          />
          <Campo etiqueta="Emitidos desde" type="date" {...register('desde')} />
          <Campo
            etiqueta="Emitidos hasta"
            type="date"
            problema={formState.errors.hasta?.message}
            {...register('hasta', {
              validate: (hasta, valores) =>
                !hasta || !valores.desde || valores.desde <= hasta || 'La fecha hasta no puede ser anterior a la fecha desde.',
            })}
          />
        </div>
      </details>
      <div className="bo-acciones">
        <button type="submit" className="btn bo-btn--sm">
          Filtrar
        </button>
        <button
          type="button"
          className="btn btn--ghost bo-btn--sm"
          onClick={() => {
            reset(valoresDe({}));
            alFiltrar({});
          }}
        >
          Limpiar
        </button>
      </div>
    </form>
  );
}

/** The month's Registro de Ventas for the accountant (the owner only; the shop asks her to confirm it is her). */
function RegistroVentas() {
  const cliente = useCliente();
  const conReautenticacion = useReautenticar();
  const id = useId();
  const [mes, setMes] = useState(() => fechaLima(new Date()).slice(0, 7));
  const [aviso, setAviso] = useState<{ error?: string; ok?: string }>({});
  const [ocupado, setOcupado] = useState(false);
  const descargar = async () => {
    setAviso({});
    if (!/^\d{4}-\d{2}$/.test(mes)) return setAviso({ error: 'Elige el mes que quieres descargar.' });
    setOcupado(true);
    try {
      const { nombre, datos } = await conReautenticacion(() => cliente.exportSalesRegister(mes));
      const url = URL.createObjectURL(datos);
      const enlace = document.createElement('a');
      enlace.href = url;
      enlace.download = nombre;
      document.body.append(enlace);
      enlace.click();
      enlace.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setAviso({ ok: `Se descargó ${nombre}.` });
    } catch (fallo) {
      if (!(fallo instanceof ReautenticacionCancelada)) setAviso({ error: mensajeDe(fallo) });
    } finally {
      setOcupado(false);
    }
  };
  return (
    <section className="card bo-registro-ventas" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`}>Registro de ventas para el contador</h2>
      <p>
        Un archivo CSV (se abre con Excel) con los comprobantes del mes en las columnas del Registro de Ventas de SUNAT: fecha, tipo, serie,
        número, cliente, base imponible, IGV y total. Las notas de crédito van en negativo, con el comprobante que modifican; los rechazados
        por SUNAT van en cero.
      </p>
      <form
        className="bo-acciones bo-registro-ventas__form"
        onSubmit={(event) => {
          event.preventDefault();
          void descargar();
        }}
      >
        <Campo etiqueta="Mes" type="month" value={mes} onChange={(event) => setMes(event.target.value)} required />
        <button type="submit" className="btn bo-btn--sm" disabled={ocupado}>
          Descargar registro de ventas
        </button>
      </form>
      <Aviso error={aviso.error} ok={aviso.ok} />
    </section>
  );
}
