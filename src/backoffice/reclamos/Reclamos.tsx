import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { FiltroReclamo } from '../../lib/api/reclamos-schemas.ts';
import { fecha } from '../formato.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { cuantos, deLaConsulta, Vistas } from '../libros/Vistas.tsx';
import { Aviso, Cargando, Pantalla } from '../marco/Pantalla.tsx';
import { useReautenticar } from '../marco/Reautenticar.tsx';
import { usePersona } from '../marco/sesion.ts';
import { RECLAMOS } from '../../lib/tienda.ts';
import { Plazo } from './plazo.tsx';

const FILTROS = ['pendiente', 'vencido', 'respondido', 'todos'] as const;
type Filtro = (typeof FILTROS)[number];
const NOMBRE: Record<Filtro, string> = { pendiente: 'Por responder', vencido: 'Vencidos', respondido: 'Respondidos', todos: 'Todos' };
const VACIO: Record<Filtro, string> = {
  pendiente: 'No hay reclamos por responder. ¡Todo al día!',
  vencido: 'Ningún reclamo venció su plazo sin respuesta.',
  respondido: 'Aún no hay reclamos respondidos.',
  todos: 'El libro aún no tiene hojas.',
};

/** The query key of the complaints list. */
export const claveReclamos = (filtro: Filtro) => ['reclamos', filtro] as const;

/** 'Reclamos': the Libro de Reclamaciones, the nearest deadline first, with its working days left. */
export default function Reclamos() {
  const cliente = useCliente();
  const persona = usePersona();
  const filtro = deLaConsulta(useSearch(), 'estado', FILTROS, 'pendiente');
  const estado: FiltroReclamo | undefined = filtro === 'todos' ? undefined : filtro;
  const lista = useQuery({ queryKey: claveReclamos(filtro), queryFn: () => cliente.reclamos(estado) });
  return (
    <Pantalla titulo="Reclamos" acciones={persona.rol === 'dueno' ? <DescargarCsv estado={estado} /> : undefined}>
      <p className="bo-nota">
        Libro de Reclamaciones: cada hoja se responde por correo dentro de {RECLAMOS.plazoDiasHabiles} días hábiles (sin contar feriados ni
        los días que la tienda cierra, que se indican en Tienda).
      </p>
      <Vistas
        etiqueta="Filtrar reclamos"
        actual={filtro}
        vistas={FILTROS.map((clave) => ({ clave, texto: NOMBRE[clave], href: `/reclamos?estado=${clave}` }))}
      />
      {lista.isPending ? (
        <Cargando />
      ) : lista.isError ? (
        <p role="alert">{mensajeDe(lista.error)}</p>
      ) : lista.data.reclamos.length === 0 ? (
        <p className="bo-vacio">{VACIO[filtro]}</p>
      ) : (
        <>
          <p className="bo-nota" role="status">
            {cuantos(lista.data.reclamos.length, 'hoja', 'hojas')}, la de plazo más cercano primero.
          </p>
          <ul className="bo-libro-lista" aria-label="Hojas de reclamación">
            {lista.data.reclamos.map((reclamo) => (
              <li key={reclamo.numero} className="card bo-libro">
                <p className="bo-libro__cabeza">
                  <Link href={`/reclamos/${reclamo.numero}`}>
                    {reclamo.tipo === 'queja' ? 'Queja' : 'Reclamo'} {reclamo.numero}
                  </Link>
                  <Plazo reclamo={reclamo} />
                </p>
                <p>
                  <strong>{reclamo.consumidor.nombre}</strong> · {reclamo.bien.descripcion}
                </p>
                <p className="bo-nota">
                  Presentado el {fecha(reclamo.fecha)} · plazo hasta el {fecha(`${reclamo.plazo}T12:00:00-05:00`)}
                  {reclamo.bien.pedido ? ` · pedido N.° ${reclamo.bien.pedido}` : ''}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </Pantalla>
  );
}

/** 'Descargar CSV': the owner's export of the book (asks a fresh sign-in when due). */
function DescargarCsv({ estado }: { estado: FiltroReclamo | undefined }) {
  const cliente = useCliente();
  const conReautenticacion = useReautenticar();
  const [ocupado, setOcupado] = useState(false);
  const [aviso, setAviso] = useState<{ error?: string; ok?: string }>({});
  const descargar = async () => {
    setAviso({});
    setOcupado(true);
    try {
      const bytes = await conReautenticacion(() => cliente.reclamosCsv(estado));
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'text/csv;charset=utf-8' }));
      const enlace = document.createElement('a');
      enlace.href = url;
      enlace.download = `libro-de-reclamaciones${estado ? `-${estado}` : ''}.csv`;
      document.body.append(enlace);
      enlace.click();
      enlace.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
      setAviso({ ok: 'Descargamos el Libro de Reclamaciones (CSV).' });
    } catch (fallo) {
      setAviso({ error: mensajeDe(fallo) });
    } finally {
      setOcupado(false);
    }
  };
  return (
    <div>
      <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => void descargar()} disabled={ocupado}>
        Descargar CSV
      </button>
      <Aviso error={aviso.error} ok={aviso.ok} />
    </div>
  );
}
