import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { ReclamoOperador } from '../../lib/api/reclamos-schemas.ts';
import { RECLAMOS } from '../../lib/tienda.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fecha, fechaHora, soles } from '../formato.ts';
import { Texto } from '../marco/Campo.tsx';
import { Aviso, Cargando, Pantalla } from '../marco/Pantalla.tsx';
import '../libros/libros.css';
import { plazoDe, Plazo } from './plazo.tsx';

const DOCUMENTO: Record<string, string> = { DNI: 'DNI', PASAPORTE: 'Pasaporte', 'CARNET EXTRANJERIA': 'Carné de extranjería' };

/** One complaint sheet: who filed it, what they ask, and 'Responder' (the answer is e-mailed once and never changes). */
export default function Reclamo({ numero }: { numero: string }) {
  const cliente = useCliente();
  const hoja = useQuery({ queryKey: ['reclamo', numero], queryFn: () => cliente.reclamo(numero) });
  return (
    <Pantalla titulo={`Hoja ${numero}`} acciones={<Link href="/reclamos">← Volver a los reclamos</Link>}>
      {hoja.isPending ? <Cargando /> : hoja.isError ? <p role="alert">{mensajeDe(hoja.error)}</p> : <Detalle reclamo={hoja.data.reclamo} />}
    </Pantalla>
  );
}

function Dato({ termino, children }: { termino: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{termino}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Detalle({ reclamo }: { reclamo: ReclamoOperador }) {
  const { consumidor, bien } = reclamo;
  const [enviada, setEnviada] = useState<string | null>(null);
  const plazo = plazoDe(reclamo);
  return (
    <div className="bo-detalle">
      <section className="card" aria-labelledby="bo-reclamo-resumen">
        <h2 id="bo-reclamo-resumen">{reclamo.tipo === 'queja' ? 'Queja' : 'Reclamo'}</h2>
        <p>
          <Plazo reclamo={reclamo} />
        </p>
        <p className="bo-nota">
          Presentado el {fechaHora(reclamo.fecha)} · plazo de respuesta hasta el {fecha(`${reclamo.plazo}T12:00:00-05:00`)}
          {plazo?.urgente && reclamo.diasHabilesRestantes >= 0 ? '. Respóndelo hoy si puedes.' : ''}
        </p>
      </section>
      <section className="card" aria-labelledby="bo-reclamo-pide">
        <h2 id="bo-reclamo-pide">Qué pasó y qué pide</h2>
        <dl className="bo-datos">
          <Dato termino={bien.tipo === 'servicio' ? 'Servicio' : 'Producto'}>{bien.descripcion}</Dato>
          <Dato termino="Pedido">{bien.pedido ? <Link href={`/pedidos/${bien.pedido}`}>N.° {bien.pedido}</Link> : 'No indicó'}</Dato>
          <Dato termino="Monto reclamado">{reclamo.monto === null ? 'No indicó' : soles(reclamo.monto)}</Dato>
        </dl>
        <h3>Detalle</h3>
        <p className="bo-libro__texto">{reclamo.detalle}</p>
        <h3>Pedido del consumidor</h3>
        <p className="bo-libro__texto">{reclamo.pedidoConsumidor}</p>
      </section>
      <section className="card" aria-labelledby="bo-reclamo-consumidor">
        <h2 id="bo-reclamo-consumidor">Consumidor</h2>
        <dl className="bo-datos">
          <Dato termino="Nombre">{consumidor.nombre}</Dato>
          <Dato termino="Documento">
            {DOCUMENTO[consumidor.documentoTipo] ?? consumidor.documentoTipo} {consumidor.documentoNumero}
          </Dato>
          <Dato termino="Correo">
            <a href={`mailto:${consumidor.correo}`}>{consumidor.correo}</a>
          </Dato>
          <Dato termino="Celular">
            {consumidor.telefono ? <a href={`tel:${consumidor.telefono}`}>{consumidor.telefono}</a> : 'No indicó'}
          </Dato>
          <Dato termino="Dirección">{consumidor.direccion}</Dato>
          {consumidor.menorDeEdad && consumidor.apoderado && (
            <Dato termino="Menor de edad; su apoderado">
              {consumidor.apoderado.nombre} ({DOCUMENTO[consumidor.apoderado.documentoTipo] ?? consumidor.apoderado.documentoTipo}{' '}
              {consumidor.apoderado.documentoNumero})
            </Dato>
          )}
        </dl>
      </section>
      {reclamo.respuesta ? (
        <section className="card" aria-labelledby="bo-reclamo-respuesta">
          <h2 id="bo-reclamo-respuesta">Respuesta enviada</h2>
          <Aviso ok={enviada} />
          <p className="bo-nota">
            El {fechaHora(reclamo.respuesta.fecha)}, por correo a {consumidor.correo}.
          </p>
          <p className="bo-libro__texto">{reclamo.respuesta.texto}</p>
        </section>
      ) : (
        <Responder reclamo={reclamo} alResponder={setEnviada} />
      )}
    </div>
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
    <section className="card" aria-labelledby="bo-reclamo-responder">
      <h2 id="bo-reclamo-responder">Responder</h2>
      <form className="bo-form" onSubmit={(event) => void responder(event)} noValidate>
        <Texto
          etiqueta="Respuesta al consumidor"
          pista={`Se envía una sola vez a ${reclamo.consumidor.correo} y queda en el libro: no se puede cambiar después.`}
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
