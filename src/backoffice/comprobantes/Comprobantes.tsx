import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter';
import type { ComprobanteOperador, EstadoComprobanteWire } from '../../lib/api/comprobantes-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fechaHora, soles } from '../formato.ts';
import { cuantos, deLaConsulta, Vistas } from '../libros/Vistas.tsx';
import { Cargando, Pantalla } from '../marco/Pantalla.tsx';

const FILTROS = ['por-atender', 'rechazado', 'pendiente', 'aceptado'] as const;
type Filtro = (typeof FILTROS)[number];
const NOMBRE: Record<Filtro, string> = {
  'por-atender': 'Por atender',
  rechazado: 'Rechazados',
  pendiente: 'Pendientes',
  aceptado: 'Aceptados',
};

/** A receipt's state in words: a rejected one says whether it was already replaced. */
export function EstadoComprobante({
  comprobante,
}: {
  comprobante: Pick<ComprobanteOperador, 'estado' | 'reemplazadoPor' | 'porCorregir'>;
}) {
  if (comprobante.estado === 'rechazado')
    return comprobante.reemplazadoPor ? (
      <span className="bo-plazo">Rechazado · reemplazado por {comprobante.reemplazadoPor}</span>
    ) : (
      <span className="bo-plazo bo-plazo--urgente">Rechazado por SUNAT</span>
    );
  if (comprobante.estado === 'pendiente')
    return <span className="bo-plazo bo-plazo--urgente">{comprobante.porCorregir ? 'Devuelto: por corregir' : 'Pendiente de SUNAT'}</span>;
  return <span className="bo-plazo">Aceptado</span>;
}

/** Rejected (not yet replaced) first, then pending, each the oldest first. */
function porAtender(rechazados: ComprobanteOperador[], pendientes: ComprobanteOperador[]) {
  const antiguo = (a: ComprobanteOperador, b: ComprobanteOperador) => a.emitido.localeCompare(b.emitido);
  return [...rechazados.filter((uno) => !uno.reemplazadoPor).sort(antiguo), ...[...pendientes].sort(antiguo)];
}

/** 'Comprobantes': the receipts SUNAT rejected or has not answered first, each opening to retry or correct it. */
export default function Comprobantes() {
  const cliente = useCliente();
  const filtro = deLaConsulta(useSearch(), 'estado', FILTROS, 'por-atender');
  const lista = useQuery({
    queryKey: ['comprobantes', filtro],
    queryFn: async () => {
      if (filtro !== 'por-atender') return (await cliente.comprobantes(filtro as EstadoComprobanteWire)).comprobantes;
      const [rechazados, pendientes] = await Promise.all([cliente.comprobantes('rechazado'), cliente.comprobantes('pendiente')]);
      return porAtender(rechazados.comprobantes, pendientes.comprobantes);
    },
  });
  return (
    <Pantalla titulo="Comprobantes">
      <Vistas
        etiqueta="Filtrar comprobantes"
        actual={filtro}
        vistas={FILTROS.map((clave) => ({ clave, texto: NOMBRE[clave], href: `/comprobantes?estado=${clave}` }))}
      />
      {lista.isPending ? (
        <Cargando />
      ) : lista.isError ? (
        <p role="alert">{mensajeDe(lista.error)}</p>
      ) : lista.data.length === 0 ? (
        <p className="bo-vacio">
          {filtro === 'por-atender' ? 'SUNAT aceptó todos los comprobantes. ¡Todo al día!' : 'No hay comprobantes aquí.'}
        </p>
      ) : (
        <>
          <p className="bo-nota">
            {cuantos(lista.data.length, 'comprobante', 'comprobantes')}
            {filtro === 'por-atender'
              ? ': los rechazados primero, luego los pendientes, el más antiguo primero.'
              : ', el más reciente primero.'}
          </p>
          <ul className="bo-libro-lista bo-libro-lista--dos" aria-label="Comprobantes">
            {lista.data.map((comprobante) => (
              <li key={comprobante.numero} className="card bo-libro">
                <p className="bo-libro__cabeza">
                  <Link href={`/comprobantes/${comprobante.numero}`}>
                    {comprobante.nombre} {comprobante.numero}
                  </Link>
                  <EstadoComprobante comprobante={comprobante} />
                </p>
                <p>
                  <strong>{comprobante.cliente.denominacion}</strong> · {soles(comprobante.total)} · pedido N.° {comprobante.pedido}
                </p>
                {(comprobante.mensaje ?? comprobante.ultimoError) && comprobante.estado !== 'aceptado' && (
                  <p className="bo-libro__texto">SUNAT: {comprobante.mensaje ?? comprobante.ultimoError}</p>
                )}
                <p className="bo-nota">
                  Emitido el {fechaHora(comprobante.emitido)}
                  {comprobante.prueba ? ' · de prueba, sin validez tributaria' : ''}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </Pantalla>
  );
}
