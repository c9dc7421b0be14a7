import { useQuery } from '@tanstack/react-query';
import type { EntradaAuditoriaProducto } from '../../lib/api/productos-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fechaHora } from '../formato.ts';
import { Cargando } from '../marco/Pantalla.tsx';

/** What each audited action on a product reads as. */
const ACCION: Record<string, string> = {
  'producto.crear': 'Creó el producto',
  'producto.editar': 'Editó',
  'producto.cambiar': 'Cambió',
  'producto.duplicar': 'Lo creó como copia',
  'producto.archivar': 'Archivó el producto',
  'producto.restaurar': 'Restauró el producto',
  'importar.crear': 'Lo creó con una importación',
  'importar.actualizar': 'Lo actualizó con una importación',
};

const valor = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'boolean' ? (v ? 'sí' : 'no') : String(v));

/** One entry's changed fields: 'precio: 59.9 → 64.5'. */
function detalle(entrada: EntradaAuditoriaProducto): string[] {
  const antes = entrada.antes ?? {};
  const despues = entrada.despues ?? {};
  if (!entrada.antes) return Object.entries(despues).map(([campo, v]) => `${campo}: ${valor(v)}`);
  return [...new Set([...Object.keys(antes), ...Object.keys(despues)])].map(
    (campo) => `${campo}: ${valor(antes[campo])} → ${valor(despues[campo])}`,
  );
}

/** A product's audit trail, newest first: who changed what and when (creation, edits, imports, archive). */
export default function AuditoriaProducto({ idProducto }: { idProducto: number }) {
  const cliente = useCliente();
  const consulta = useQuery({ queryKey: ['catalogo-auditoria', idProducto], queryFn: () => cliente.productAudit(idProducto) });
  if (consulta.isPending) return <Cargando />;
  if (consulta.isError) return <p role="alert">{mensajeDe(consulta.error)}</p>;
  if (consulta.data.entradas.length === 0) return <p className="bo-vacio">Aún no hay cambios registrados.</p>;
  return (
    <ol className="bo-lista-simple bo-auditoria-producto">
      {consulta.data.entradas.map((entrada) => (
        <li key={entrada.id}>
          <p>
            <strong>{ACCION[entrada.accion] ?? entrada.accion}</strong> · {entrada.operador} · {fechaHora(entrada.fecha)}
          </p>
          <ul className="bo-nota">
            {detalle(entrada).map((linea) => (
              <li key={linea}>{linea}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
