import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ConsultaCierre, TablaCierre } from '../../lib/api/cierre-schemas.ts';
import { toSoles } from '../../lib/pricing/money.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { soles } from '../formato.ts';
import { Aviso } from '../marco/Pantalla.tsx';
import { useReautenticar } from '../marco/Reautenticar.tsx';
import { usePersona } from '../marco/sesion.ts';

/** Céntimos as the shop writes soles. */
export const centimos = (valor: number) => soles(toSoles(valor));

/** An order behind a figure: its number (a link to it) and what it adds to the figure. */
export interface OrdenDeCifra {
  pedido: number;
  monto: number;
  /** A few words beside it (the receipt's number, the refund's state…). */
  detalle?: string;
}

/**
 * A figure that opens to the orders behind it: their sum is the figure, to the céntimo (the close adds them up
 * from these same rows), and each opens its order.
 */
export function Cifra({ valor, filas, etiqueta }: { valor: number; filas: OrdenDeCifra[]; etiqueta: string }) {
  if (filas.length === 0) return <span className="bo-monto">{centimos(valor)}</span>;
  return (
    <details className="bo-cifra">
      <summary>
        <span className="bo-monto">{centimos(valor)}</span>
        <span className="visually-hidden">: ver los pedidos de {etiqueta}</span>
      </summary>
      <ul className="bo-cifra__pedidos" aria-label={`Pedidos de ${etiqueta}`}>
        {filas.map((fila, i) => (
          <li key={`${fila.pedido}-${i}`}>
            <Link href={`/pedidos/${fila.pedido}`}>Pedido N.° {fila.pedido}</Link>
            {fila.detalle ? <span className="bo-nota"> {fila.detalle}</span> : null}
            <span className="bo-monto">{centimos(fila.monto)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** 'Descargar CSV' of one table of the close: the owner's only (hidden from staff; the API refuses them too), asking a fresh sign-in when due. */
export function DescargarCsv({
  tabla,
  consulta,
  titulo,
}: {
  tabla: TablaCierre;
  consulta: ConsultaCierre & { dias?: number };
  titulo: string;
}) {
  const cliente = useCliente();
  const persona = usePersona();
  const conReautenticacion = useReautenticar();
  const [ocupado, setOcupado] = useState(false);
  const [aviso, setAviso] = useState<{ error?: string; ok?: string }>({});
  if (persona.rol !== 'dueno') return null;
  const descargar = async () => {
    setAviso({});
    setOcupado(true);
    try {
      const bytes = await conReautenticacion(() => cliente.cierreCsv(tabla, consulta));
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'text/csv;charset=utf-8' }));
      const enlace = document.createElement('a');
      enlace.href = url;
      const hasta = consulta.hasta && consulta.hasta !== consulta.desde ? `-a-${consulta.hasta}` : '';
      enlace.download = `cierre-${tabla}-${consulta.desde}${hasta}.csv`;
      document.body.append(enlace);
      enlace.click();
      enlace.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
      setAviso({ ok: `Descargamos ${titulo.toLowerCase()} (CSV).` });
    } catch (fallo) {
      setAviso({ error: mensajeDe(fallo) });
    } finally {
      setOcupado(false);
    }
  };
  return (
    <div className="bo-cierre__csv">
      <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => void descargar()} disabled={ocupado}>
        Descargar CSV<span className="visually-hidden"> de {titulo.toLowerCase()}</span>
      </button>
      <Aviso error={aviso.error} ok={aviso.ok} />
    </div>
  );
}

/** One part of the close: its heading, its CSV (owner) and its content. */
export function Seccion({
  titulo,
  csv,
  children,
}: {
  titulo: string;
  csv?: { tabla: TablaCierre; consulta: ConsultaCierre & { dias?: number } };
  children: ReactNode;
}) {
  const id = `cierre-${titulo.toLowerCase().replace(/[^a-záéíóúñ0-9]+/g, '-')}`;
  return (
    <section className="bo-cierre__seccion" aria-labelledby={id}>
      <header className="bo-cierre__cabeza">
        <h2 id={id}>{titulo}</h2>
        {csv ? <DescargarCsv tabla={csv.tabla} consulta={csv.consulta} titulo={titulo} /> : null}
      </header>
      {children}
    </section>
  );
}
