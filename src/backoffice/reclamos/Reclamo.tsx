import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { ReclamoOperador } from '../../lib/api/reclamos-schemas.ts';
import { fechaHoraLima, plazoDeHoja, seccionesDeHoja } from '../../lib/reclamos/hoja.ts';
import { RECLAMOS } from '../../lib/tienda.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fecha, fechaHora } from '../formato.ts';
import { Texto } from '../marco/Campo.tsx';
import { Aviso, Cargando, Pantalla } from '../marco/Pantalla.tsx';
import '../libros/libros.css';
import './hoja.css';
import { plazoDe, Plazo } from './plazo.tsx';

/** The class that, while a sheet is open, makes the browser print the sheet alone (hoja.css). */
const IMPRIME_HOJA = 'bo-imprime-hoja';

/** One complaint sheet: the official 'Hoja de reclamación' (printable on one A4 page), its deadline, and 'Responder' (e-mailed once, never changed). */
export default function Reclamo({ numero }: { numero: string }) {
  const cliente = useCliente();
  const hoja = useQuery({ queryKey: ['reclamo', numero], queryFn: () => cliente.reclamo(numero) });
  useEffect(() => {
    document.body.classList.add(IMPRIME_HOJA);
    return () => document.body.classList.remove(IMPRIME_HOJA);
  }, []);
  return (
    <Pantalla
      titulo={`Hoja ${numero}`}
      acciones={
        <div className="bo-acciones bo-no-imprimir">
          <Link href="/reclamos">← Volver a los reclamos</Link>
          {hoja.data && (
            <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => window.print()}>
              Imprimir hoja
            </button>
          )}
        </div>
      }
    >
      {hoja.isPending ? <Cargando /> : hoja.isError ? <p role="alert">{mensajeDe(hoja.error)}</p> : <Detalle reclamo={hoja.data.reclamo} />}
    </Pantalla>
  );
}

function Detalle({ reclamo }: { reclamo: ReclamoOperador }) {
  const [enviada, setEnviada] = useState<string | null>(null);
  const plazo = plazoDe(reclamo);
  return (
    <div className="bo-detalle">
      <section className="card bo-no-imprimir bo-detalle__resumen" aria-labelledby="bo-reclamo-resumen">
        <h2 id="bo-reclamo-resumen">{reclamo.tipo === 'queja' ? 'Queja' : 'Reclamo'}</h2>
        <p>
          <Plazo reclamo={reclamo} />
        </p>
        <p className="bo-nota">
          Presentado el {fechaHora(reclamo.fecha)} · plazo de respuesta hasta el {fecha(`${reclamo.plazo}T12:00:00-05:00`)}
          {plazo?.urgente && reclamo.diasHabilesRestantes >= 0 ? '. Respóndelo hoy si puedes.' : ''}
        </p>
        <p className="bo-nota">
          <a href={`mailto:${reclamo.consumidor.correo}`}>{reclamo.consumidor.correo}</a>
          {reclamo.bien.pedido ? (
            <>
              {' · '}
              <Link href={`/pedidos/${reclamo.bien.pedido}`}>Pedido N.° {reclamo.bien.pedido}</Link>
            </>
          ) : null}
        </p>
      </section>
      <div className="bo-detalle__resumen">
        <Aviso ok={enviada} />
      </div>
      <HojaOficial reclamo={reclamo} />
      {!reclamo.respuesta && <Responder reclamo={reclamo} alResponder={setEnviada} />}
    </div>
  );
}

/** The sheet as the Libro de Reclamaciones keeps it: number, date, provider, the annex's three sections and the provider's answer. */
function HojaOficial({ reclamo }: { reclamo: ReclamoOperador }) {
  const { proveedor, respuesta } = reclamo;
  return (
    // Answered, the sheet takes the whole width; pending, the answer's form sits beside it on a laptop.
    <article className={respuesta ? 'card bo-hoja-reclamo bo-detalle__resumen' : 'card bo-hoja-reclamo'} aria-labelledby="bo-hoja-titulo">
      <header className="bo-hoja-reclamo__cabeza">
        <p className="bo-hoja-reclamo__libro">Libro de Reclamaciones</p>
        <h2 id="bo-hoja-titulo">Hoja de reclamación N.° {reclamo.numero}</h2>
        <p>Fecha: {fechaHoraLima(reclamo.fecha)}</p>
        <p>
          {proveedor.razonSocial} · RUC {proveedor.ruc} · {proveedor.direccion}
        </p>
      </header>
      {seccionesDeHoja(reclamo).map((seccion) => (
        <section key={seccion.titulo} className="bo-hoja-reclamo__seccion">
          <h3>{seccion.titulo}</h3>
          <dl>
            {seccion.filas.map((fila) => (
              <div
                key={fila.etiqueta}
                className={fila.ancho ? 'bo-hoja-reclamo__fila bo-hoja-reclamo__fila--ancha' : 'bo-hoja-reclamo__fila'}
              >
                <dt>{fila.etiqueta}</dt>
                <dd>{fila.valor}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <section className="bo-hoja-reclamo__seccion">
        <h3>4. Observaciones y acciones adoptadas por el proveedor</h3>
        {respuesta ? (
          <dl>
            <div className="bo-hoja-reclamo__fila bo-hoja-reclamo__fila--ancha">
              <dt>Respuesta</dt>
              <dd>{respuesta.texto}</dd>
            </div>
            <div className="bo-hoja-reclamo__fila">
              <dt>Fecha de respuesta</dt>
              <dd>{fechaHoraLima(respuesta.fecha)}</dd>
            </div>
            <div className="bo-hoja-reclamo__fila">
              <dt>Respondió</dt>
              <dd>{reclamo.respondidoPor ?? '—'}</dd>
            </div>
            <div className="bo-hoja-reclamo__fila">
              <dt>Enviada por correo a</dt>
              <dd>{reclamo.consumidor.correo}</dd>
            </div>
          </dl>
        ) : (
          <p>Pendiente de respuesta: el proveedor responde a más tardar el {plazoDeHoja(reclamo)}.</p>
        )}
      </section>
    </article>
  );
}

/** The answer's form: sent once, by e-mail, and it cannot be changed after. */
function Responder({ reclamo, alResponder }: { reclamo: ReclamoOperador; alResponder: (mensaje: string) => void }) {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({ defaultValues: { texto: '' } });
  const responder = handleSubmit(async ({ texto }) => {
    setError(null);
    try {
      const respuesta = await cliente.answerReclamo(reclamo.numero, texto.trim());
      alResponder(respuesta.mensaje);
      consultas.setQueryData(['reclamo', reclamo.numero], { reclamo: respuesta.reclamo });
      await Promise.all([consultas.invalidateQueries({ queryKey: ['reclamos'] }), consultas.invalidateQueries({ queryKey: ['inicio'] })]);
    } catch (fallo) {
      setError(mensajeDe(fallo));
    }
  });
  const problema = formState.errors.texto?.message;
  return (
    <section className="card bo-no-imprimir bo-reclamo-responder" aria-labelledby="bo-reclamo-responder">
      <h2 id="bo-reclamo-responder">Responder</h2>
      <form className="bo-form" onSubmit={(event) => void responder(event)} noValidate>
        <Texto
          etiqueta="Respuesta al consumidor"
          pista={`Se envía una sola vez a ${reclamo.consumidor.correo} y queda en el libro con tu nombre: no se puede cambiar después.`}
          rows={7}
          maxLength={RECLAMOS.respuestaMaxima}
          problema={problema}
          {...register('texto', {
            validate: (texto) => texto.trim().length >= 10 || 'Escribe la respuesta al consumidor (al menos 10 caracteres).',
          })}
        />
        <Aviso error={error} />
        <div className="bo-acciones">
          <button type="submit" className="btn" disabled={formState.isSubmitting}>
            Responder
          </button>
        </div>
      </form>
    </section>
  );
}
