import { useQuery } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { CIERRE } from '../../lib/tienda.ts';
import {
  consultaCierreSchema,
  type Cierre as CierreDelPeriodo,
  type ConsultaCierre,
  type TablaCierre,
} from '../../lib/api/cierre-schemas.ts';
import { fechaLima, formatFecha } from '../../lib/dates.ts';
import { ayerEnLima, diasEntre, sumarDias } from '../../lib/dias-lima.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { Campo } from '../marco/Campo.tsx';
import { Aviso, Cargando, Pantalla } from '../marco/Pantalla.tsx';
import { GraficoVentas } from './Grafico.tsx';
import { Cifra, Seccion } from './partes.tsx';
import { Comprobantes, MercadoPago, Metodos, NotasDeCredito, PedidosPagados, Reembolsos, Top } from './Secciones.tsx';
import './cierre.css';

/** The period in the address (`?desde=&hasta=`); yesterday in Lima when there is none (decision 0222). */
export function periodoDeLaConsulta(consulta: string, ahora = new Date()): ConsultaCierre {
  const params = new URLSearchParams(consulta);
  const leido = consultaCierreSchema.safeParse({ desde: params.get('desde') ?? undefined, hasta: params.get('hasta') || undefined });
  if (!leido.success) return { desde: ayerEnLima(ahora) };
  return leido.data.hasta && leido.data.hasta !== leido.data.desde ? leido.data : { desde: leido.data.desde };
}

/** The address of a period. */
const rutaDe = ({ desde, hasta }: ConsultaCierre) => `/cierre?desde=${desde}${hasta && hasta !== desde ? `&hasta=${hasta}` : ''}`;

/** The period in words: 'Viernes 28/11/2026' or 'Del 01/11/2026 al 28/11/2026'. */
function periodoEnPalabras({ desde, hasta }: ConsultaCierre): string {
  if (!hasta || hasta === desde) {
    const dia = new Intl.DateTimeFormat('es-PE', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${desde}T12:00:00Z`));
    return `${dia.charAt(0).toUpperCase()}${dia.slice(1)} ${formatFecha(desde)}`;
  }
  return `Del ${formatFecha(desde)} al ${formatFecha(hasta)}`;
}

/** 'Cierre y ventas': how much was sold in a Lima day or period, by what method, and whether Mercado Pago and the receipts match. */
export default function Cierre() {
  const cliente = useCliente();
  const [, navegar] = useLocation();
  const periodo = periodoDeLaConsulta(useSearch());
  const cierre = useQuery({ queryKey: ['cierre', periodo.desde, periodo.hasta ?? periodo.desde], queryFn: () => cliente.cierre(periodo) });
  const largo = diasEntre(periodo.desde, periodo.hasta ?? periodo.desde);
  const mover = (dias: number) =>
    navegar(rutaDe({ desde: sumarDias(periodo.desde, dias), hasta: periodo.hasta ? sumarDias(periodo.hasta, dias) : undefined }));
  return (
    <Pantalla titulo="Cierre y ventas">
      <ElegirPeriodo periodo={periodo} alElegir={(nuevo) => navegar(rutaDe(nuevo))} />
      <nav className="bo-cierre__pasos" aria-label="Cambiar de periodo">
        <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => mover(-largo)}>
          {largo === 1 ? '← Día anterior' : '← Periodo anterior'}
        </button>
        <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => navegar(rutaDe({ desde: ayerEnLima() }))}>
          Ayer
        </button>
        <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => navegar(rutaDe({ desde: fechaLima(new Date()) }))}>
          Hoy
        </button>
        <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => mover(largo)}>
          {largo === 1 ? 'Día siguiente →' : 'Periodo siguiente →'}
        </button>
      </nav>
      <h2 className="bo-cierre__periodo">{periodoEnPalabras(periodo)}</h2>
      <p className="bo-nota">
        Días de 00:00 a 24:00, hora de Lima. Un pedido cuenta el día en que se pagó; sus reembolsos y notas de crédito, el día en que se
        hicieron.
      </p>
      {cierre.isPending ? (
        <Cargando />
      ) : cierre.isError ? (
        <p role="alert">{mensajeDe(cierre.error)}</p>
      ) : (
        <ElCierre cierre={cierre.data} consulta={periodo} />
      )}
      <VentasPorDia />
    </Pantalla>
  );
}

/** The day (or first and last day) to close, checked before it goes to the address. */
function ElegirPeriodo({ periodo, alElegir }: { periodo: ConsultaCierre; alElegir: (periodo: ConsultaCierre) => void }) {
  const [desde, setDesde] = useState(periodo.desde);
  const [hasta, setHasta] = useState(periodo.hasta ?? '');
  const [error, setError] = useState<string | null>(null);
  const [visto, setVisto] = useState(periodo);
  if (visto !== periodo && (visto.desde !== periodo.desde || visto.hasta !== periodo.hasta)) {
    // The address changed (previous or next day): the fields follow it.
    setVisto(periodo);
    setDesde(periodo.desde);
    setHasta(periodo.hasta ?? '');
  }
  const enviar = (evento: SubmitEvent<HTMLFormElement>) => {
    evento.preventDefault();
    const leido = consultaCierreSchema.safeParse({ desde, hasta: hasta || undefined });
    if (!leido.success) return setError(leido.error.issues[0]?.message ?? 'Revisa las fechas.');
    if (diasEntre(leido.data.desde, leido.data.hasta ?? leido.data.desde) > CIERRE.diasMaximos)
      return setError(`Un cierre abarca como máximo ${CIERRE.diasMaximos} días: elige un periodo más corto.`);
    setError(null);
    alElegir(leido.data);
  };
  return (
    <form className="bo-cierre__elegir" onSubmit={enviar} noValidate>
      <Campo
        id="cierre-desde"
        etiqueta="Día (o primer día)"
        type="date"
        value={desde}
        onChange={(e) => setDesde(e.target.value)}
        required
      />
      <Campo
        id="cierre-hasta"
        etiqueta="Hasta (opcional)"
        type="date"
        value={hasta}
        min={desde}
        onChange={(e) => setHasta(e.target.value)}
      />
      <button type="submit" className="btn">
        Ver cierre
      </button>
      <div className="bo-cierre__error">
        <Aviso error={error} />
      </div>
    </form>
  );
}

/** The close's figures: the totals first, each opening its orders, then every table. */
function ElCierre({ cierre, consulta }: { cierre: CierreDelPeriodo; consulta: ConsultaCierre }) {
  const csv = (tabla: TablaCierre) => ({ tabla, consulta });
  return (
    <>
      <div className="bo-ventas bo-cierre__resumen">
        <article className="card bo-ventas__tarjeta">
          <h3>Vendido</h3>
          <div className="bo-ventas__monto">
            <Cifra
              valor={cierre.ventas.total}
              etiqueta="lo vendido"
              filas={cierre.pedidos.map((p) => ({ pedido: p.id, monto: p.total }))}
            />
          </div>
          <p className="bo-ventas__cambio">
            {cierre.ventas.pedidos} {cierre.ventas.pedidos === 1 ? 'pedido pagado' : 'pedidos pagados'}
          </p>
        </article>
        <article className="card bo-ventas__tarjeta">
          <h3>Reembolsado</h3>
          <div className="bo-ventas__monto">
            <Cifra
              valor={cierre.reembolsos.total}
              etiqueta="los reembolsos"
              filas={cierre.reembolsos.filas.map((r) => ({ pedido: r.pedido, monto: r.monto, detalle: r.tipo }))}
            />
          </div>
          <div className="bo-ventas__cambio">
            Notas de crédito:{' '}
            <Cifra
              valor={cierre.notas.total}
              etiqueta="las notas de crédito"
              filas={cierre.notas.filas.map((n) => ({ pedido: n.pedido, monto: n.total, detalle: n.numero }))}
            />
          </div>
        </article>
      </div>
      <Seccion titulo="Ventas por medio de pago" csv={csv('metodos')}>
        <Metodos cierre={cierre} />
      </Seccion>
      <Seccion titulo="Mercado Pago">
        <MercadoPago cierre={cierre} />
      </Seccion>
      <Seccion titulo="Pedidos pagados" csv={csv('pedidos')}>
        <PedidosPagados cierre={cierre} />
      </Seccion>
      <Seccion titulo="Reembolsos" csv={csv('reembolsos')}>
        <Reembolsos cierre={cierre} />
      </Seccion>
      <Seccion titulo="Notas de crédito" csv={csv('notas')}>
        <NotasDeCredito cierre={cierre} />
      </Seccion>
      <Seccion titulo="Comprobantes por serie" csv={csv('series')}>
        <Comprobantes cierre={cierre} csv={csv('comprobantes')} />
      </Seccion>
      <Seccion titulo="Productos más vendidos" csv={csv('productos')}>
        <Top filas={cierre.productos} producto />
      </Seccion>
      <Seccion titulo="Marcas más vendidas" csv={csv('marcas')}>
        <Top filas={cierre.marcas} producto={false} />
      </Seccion>
    </>
  );
}

/** Sales by day of the last 30 or 90 days (today included), as a chart and its table. */
function VentasPorDia() {
  const cliente = useCliente();
  const [dias, setDias] = useState<number>(CIERRE.diasGrafico[0]);
  const ventas = useQuery({ queryKey: ['cierre-ventas', dias], queryFn: () => cliente.ventasPorDia(dias) });
  return (
    <Seccion
      titulo="Ventas por día"
      csv={ventas.data ? { tabla: 'ventas', consulta: { desde: ventas.data.desde, hasta: ventas.data.hasta, dias } } : undefined}
    >
      <div className="bo-cierre__pasos" role="group" aria-label="Días del gráfico">
        {CIERRE.diasGrafico.map((n) => (
          <button key={n} type="button" className="btn btn--outline bo-btn--sm" aria-pressed={dias === n} onClick={() => setDias(n)}>
            Últimos {n} días
          </button>
        ))}
      </div>
      {ventas.isPending ? (
        <Cargando />
      ) : ventas.isError ? (
        <p role="alert">{mensajeDe(ventas.error)}</p>
      ) : (
        <GraficoVentas dias={ventas.data.dias} />
      )}
    </Seccion>
  );
}
