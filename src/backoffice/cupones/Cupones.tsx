import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSearch } from 'wouter';
import type { CuponBackoffice, RespuestaCupon } from '../../lib/api/cupones-schemas.ts';
import type { EstadoCupon } from '../../lib/api/operator-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fecha, soles } from '../formato.ts';
import { cuantos, deLaConsulta, Vistas } from '../libros/Vistas.tsx';
import { Aviso, Cargando, Pantalla } from '../marco/Pantalla.tsx';
import { FormularioCupon } from './FormularioCupon.tsx';

const VISTAS = ['activos', 'pausados', 'cerrados', 'todos'] as const;
type VistaCupones = (typeof VISTAS)[number];
const NOMBRE_VISTA: Record<VistaCupones, string> = {
  activos: 'Activos',
  pausados: 'Pausados',
  cerrados: 'Terminados',
  todos: 'Todos',
};
const EN_VISTA: Record<VistaCupones, readonly EstadoCupon[]> = {
  activos: ['vigente', 'programado', 'agotado'],
  pausados: ['desactivado'],
  cerrados: ['terminado', 'vencido'],
  todos: ['vigente', 'programado', 'agotado', 'desactivado', 'terminado', 'vencido'],
};
const NOMBRE_ESTADO: Record<EstadoCupon, string> = {
  vigente: 'Vigente',
  programado: 'Programado',
  agotado: 'Agotado',
  desactivado: 'Pausado',
  terminado: 'Terminado',
  vencido: 'Vencido',
};

/** A coupon's value as the shopper gets it: '15 %' or 'S/ 20.00'. */
const valor = (c: CuponBackoffice) => (c.tipo === 'monto' ? soles(c.monto) : `${c.descuento} %`);
/** A Lima calendar day (YYYY-MM-DD) as people read it. */
const dia = (iso: string) => fecha(`${iso}T12:00:00-05:00`);

/**
 * 'Cupones': the shop's coupons, the ones running first, each with its rules, its uses and what it took
 * off; create one, edit, pause or resume, and end one for good (after saying what that means).
 */
export default function Cupones() {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const vista = deLaConsulta(useSearch(), 'vista', VISTAS, 'activos');
  const lista = useQuery({ queryKey: ['cupones'], queryFn: () => cliente.couponList() });
  const [editando, setEditando] = useState<CuponBackoffice | 'nuevo' | null>(null);
  const [hecho, setHecho] = useState<string | null>(null);
  const anuncio = useRef<HTMLDivElement>(null);
  const alCambiar = async (respuesta: RespuestaCupon) => {
    setEditando(null);
    setHecho(respuesta.mensaje);
    anuncio.current?.focus();
    await consultas.invalidateQueries({ queryKey: ['cupones'] });
  };
  // The newest first: the one just created or edited is the one the owner looks for.
  const visibles = lista.data?.cupones.filter((c) => EN_VISTA[vista].includes(c.estado)).sort((a, b) => b.id - a.id) ?? [];
  return (
    <Pantalla
      titulo="Cupones"
      acciones={
        editando === null && (
          <button type="button" className="btn" onClick={() => (setHecho(null), setEditando('nuevo'))}>
            Nuevo cupón
          </button>
        )
      }
    >
      <div ref={anuncio} tabIndex={-1}>
        <Aviso ok={hecho} />
      </div>
      {editando !== null && (
        <FormularioCupon
          cupon={editando === 'nuevo' ? null : editando}
          alGuardar={(r) => void alCambiar(r)}
          alCancelar={() => setEditando(null)}
        />
      )}
      <Vistas
        etiqueta="Filtrar cupones"
        actual={vista}
        vistas={VISTAS.map((clave) => ({ clave, texto: NOMBRE_VISTA[clave], href: `/cupones?vista=${clave}` }))}
      />
      {lista.isPending ? (
        <Cargando />
      ) : lista.isError ? (
        <p role="alert">{mensajeDe(lista.error)}</p>
      ) : visibles.length === 0 ? (
        <p className="bo-vacio">{vista === 'activos' ? 'No hay cupones activos. Crea uno con «Nuevo cupón».' : 'No hay cupones aquí.'}</p>
      ) : (
        <>
          <p className="bo-nota">{cuantos(visibles.length, 'cupón', 'cupones')}. Los usos cuentan los pedidos no cancelados.</p>
          <ul className="bo-cupones" aria-label={`Cupones: ${NOMBRE_VISTA[vista]}`}>
            {visibles.map((cupon) => (
              <TarjetaCupon key={cupon.id} cupon={cupon} alEditar={() => (setHecho(null), setEditando(cupon))} alCambiar={alCambiar} />
            ))}
          </ul>
        </>
      )}
    </Pantalla>
  );
}

/** One coupon: its value, state, rules and uses, with its actions. */
function TarjetaCupon({
  cupon,
  alEditar,
  alCambiar,
}: {
  cupon: CuponBackoffice;
  alEditar: () => void;
  alCambiar: (respuesta: RespuestaCupon) => Promise<void>;
}) {
  const cliente = useCliente();
  const [error, setError] = useState<string | null>(null);
  const [confirmando, setConfirmando] = useState(false);
  const [ocupado, setOcupado] = useState(false);
  const hacer = async (accion: () => Promise<RespuestaCupon>) => {
    setError(null);
    setOcupado(true);
    try {
      await alCambiar(await accion());
    } catch (fallo) {
      setError(mensajeDe(fallo));
    } finally {
      setOcupado(false);
    }
  };
  const terminado = cupon.estado === 'terminado';
  const reglas = [
    cupon.minimo > 0 ? `Pedido mínimo ${soles(cupon.minimo)}` : 'Sin pedido mínimo',
    cupon.usos_maximos !== null ? `${cupon.usos} de ${cupon.usos_maximos} usos` : 'Usos sin límite',
    cupon.uno_por_cliente ? 'Un uso por cliente' : '',
    cupon.clientes.length ? `Solo para ${cuantos(cupon.clientes.length, 'cliente', 'clientes')}` : '',
    cupon.productos.length ? cuantos(cupon.productos.length, 'producto', 'productos') : '',
    cupon.marcas.length ? `Marcas: ${cupon.marcas.map((m) => m.nombre).join(', ')}` : '',
  ].filter(Boolean);
  return (
    <li className="card bo-cupon">
      <div className="bo-cupon__cabeza">
        <h2 className="bo-cupon__codigo">{cupon.codigo}</h2>
        <span className="bo-cupon__valor">{valor(cupon)}</span>
        <span className={`bo-cupon__estado bo-cupon__estado--${cupon.estado}`}>{NOMBRE_ESTADO[cupon.estado]}</span>
      </div>
      <p className="bo-nota">
        Del {dia(cupon.fecha_inicio)} al {dia(cupon.fecha_fin)}
      </p>
      <p>{reglas.join(' · ')}</p>
      <p>
        <strong>
          {cupon.usos === 0 ? 'Aún sin usos' : `Usado en ${cuantos(cupon.usos, 'pedido', 'pedidos')} · descontó ${soles(cupon.descontado)}`}
        </strong>
      </p>
      {!terminado && (
        <div className="bo-acciones">
          <button type="button" className="btn bo-btn--sm" onClick={alEditar} disabled={ocupado}>
            Editar<span className="visually-hidden"> {cupon.codigo}</span>
          </button>
          <button
            type="button"
            className="btn btn--outline bo-btn--sm"
            disabled={ocupado}
            onClick={() => void hacer(() => cliente.pauseCoupon(cupon.codigo, cupon.activo))}
          >
            {cupon.activo ? 'Pausar' : 'Reanudar'}
            <span className="visually-hidden"> {cupon.codigo}</span>
          </button>
          {!confirmando && (
            <button type="button" className="btn btn--outline bo-btn--sm" disabled={ocupado} onClick={() => setConfirmando(true)}>
              Terminar<span className="visually-hidden"> {cupon.codigo}</span>
            </button>
          )}
        </div>
      )}
      {confirmando && !terminado && (
        <div className="bo-cupon__confirmar" role="group" aria-label={`Terminar ${cupon.codigo}`}>
          <p>Terminar {cupon.codigo} es definitivo: nadie podrá usarlo y no se puede reanudar. Sus usos quedan en los pedidos.</p>
          <div className="bo-acciones">
            <button
              type="button"
              className="btn bo-btn--sm"
              disabled={ocupado}
              onClick={() => void hacer(() => cliente.endCoupon(cupon.codigo))}
            >
              Sí, terminar {cupon.codigo}
            </button>
            <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => setConfirmando(false)}>
              No
            </button>
          </div>
        </div>
      )}
      <Aviso error={error} />
    </li>
  );
}
