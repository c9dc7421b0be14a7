import { useQuery } from '@tanstack/react-query';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fechaHora } from '../formato.ts';
import { Cargando } from '../marco/Pantalla.tsx';
import { accionEnPalabras, cambiosLegibles } from '../auditoria/cambios.ts';

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
            <strong>{accionEnPalabras(entrada.accion)}</strong> · {entrada.operador} · {fechaHora(entrada.fecha)}
          </p>
          <ul className="bo-nota">
            {cambiosLegibles(entrada).map((linea) => (
              <li key={linea}>{linea}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
