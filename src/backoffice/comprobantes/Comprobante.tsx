import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { CorreccionClienteWire, DetalleComprobanteOperador } from '../../lib/api/comprobantes-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fechaHora, soles } from '../formato.ts';
import { Campo, Selector } from '../marco/Campo.tsx';
import { Aviso, Cargando, Pantalla } from '../marco/Pantalla.tsx';
import '../libros/libros.css';
import { EstadoComprobante } from './Comprobantes.tsx';

/** SUNAT's document codes (catálogo 06) as people read them. */
const DOCUMENTO: Record<string, string> = {
  '0': 'Sin documento',
  '1': 'DNI',
  '4': 'Carné de extranjería',
  '6': 'RUC',
  '7': 'Pasaporte',
  '-': 'Sin documento',
};

const clave = (numero: string) => ['comprobante', numero] as const;

/** One receipt: its state and SUNAT's word, lines, totals and attempts; 'Reintentar' and the buyer's correction when it needs them. */
export default function Comprobante({ numero }: { numero: string }) {
  const cliente = useCliente();
  const detalle = useQuery({ queryKey: clave(numero), queryFn: () => cliente.comprobante(numero) });
  return (
    <Pantalla titulo={`Comprobante ${numero}`} acciones={<Link href="/comprobantes">← Volver a los comprobantes</Link>}>
      {detalle.isPending ? (
        <Cargando />
      ) : detalle.isError ? (
        <p role="alert">{mensajeDe(detalle.error)}</p>
      ) : (
        <Detalle key={numero} comprobante={detalle.data.comprobante} />
      )}
    </Pantalla>
  );
}

function Detalle({ comprobante }: { comprobante: DetalleComprobanteOperador }) {
  const rechazadoSinReemplazo = comprobante.estado === 'rechazado' && !comprobante.reemplazadoPor;
  const corregible = rechazadoSinReemplazo || comprobante.porCorregir;
  const comprador = comprobante.clienteCorregido ?? comprobante.cliente;
  const [hecho, setHecho] = useState<{ mensaje: string; nuevo?: string } | null>(null);
  return (
    <div className="bo-detalle">
      <section className="card" aria-labelledby="bo-comp-estado">
        <h2 id="bo-comp-estado">{comprobante.nombre}</h2>
        <p>
          <EstadoComprobante comprobante={comprobante} />
        </p>
        {comprobante.mensaje && <p className="bo-libro__texto">SUNAT: {comprobante.mensaje}</p>}
        {comprobante.observaciones && <p className="bo-libro__texto">Observaciones (es válido): {comprobante.observaciones}</p>}
        <p className="bo-nota">
          Emitido el {fechaHora(comprobante.emitido)} · <Link href={`/pedidos/${comprobante.pedido}`}>pedido N.° {comprobante.pedido}</Link>
          {comprobante.reemplaza && (
            <>
              {' '}
              · reemplaza a <Link href={`/comprobantes/${comprobante.reemplaza}`}>{comprobante.reemplaza}</Link>
            </>
          )}
          {comprobante.reemplazadoPor && (
            <>
              {' '}
              · lo reemplaza <Link href={`/comprobantes/${comprobante.reemplazadoPor}`}>{comprobante.reemplazadoPor}</Link>
            </>
          )}
          {comprobante.modifica && ` · modifica a ${comprobante.modifica}`}
          {comprobante.prueba && ' · de prueba, sin validez tributaria'}
        </p>
        <p>
          <a href={comprobante.url} target="_blank" rel="noopener noreferrer">
            Ver el comprobante
          </a>
          {comprobante.pdf && (
            <>
              {' · '}
              <a href={comprobante.pdf} target="_blank" rel="noopener noreferrer">
                PDF
              </a>
            </>
          )}
        </p>
        {comprobante.motivo && <p>Motivo: {comprobante.motivo}</p>}
        <Aviso ok={hecho?.mensaje} />
        {hecho?.nuevo && (
          <p>
            <Link href={`/comprobantes/${hecho.nuevo}`}>Ver el comprobante {hecho.nuevo}</Link>
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="bo-comp-cliente">
        <h2 id="bo-comp-cliente">Comprador</h2>
        <p>
          <strong>{comprador.denominacion}</strong>
        </p>
        <p>
          {DOCUMENTO[comprador.tipoDocumento] ?? comprador.tipoDocumento} {comprador.numeroDocumento}
        </p>
        {comprador.direccion && <p>{comprador.direccion}</p>}
        {comprobante.clienteCorregido && <p className="bo-nota">Datos corregidos: el reemplazo saldrá con ellos.</p>}
        {corregible && <Corregir comprobante={comprobante} />}
      </section>
      {(comprobante.estado === 'pendiente' || rechazadoSinReemplazo) && <Reintentar comprobante={comprobante} alReintentar={setHecho} />}
      <section className="card" aria-labelledby="bo-comp-lineas">
        <h2 id="bo-comp-lineas">Líneas</h2>
        <ul className="bo-lineas">
          {comprobante.items.map((item, indice) => (
            <li key={`${item.codigo}-${indice}`} className="bo-libro__linea">
              <div>
                <p>
                  <strong>{item.descripcion}</strong>
                </p>
                <p className="bo-nota">
                  {item.codigo} · {item.cantidad} × {soles(item.precioUnitario)}
                  {item.descuento > 0 ? ` · descuento ${soles(item.descuento)}` : ''}
                </p>
              </div>
              <p>{soles(item.total)}</p>
            </li>
          ))}
        </ul>
        <dl className="bo-totales">
          <div>
            <dt>Gravada</dt>
            <dd>{soles(comprobante.gravada)}</dd>
          </div>
          <div>
            <dt>IGV</dt>
            <dd>{soles(comprobante.igv)}</dd>
          </div>
          {comprobante.descuentos > 0 && (
            <div>
              <dt>Descuentos</dt>
              <dd>−{soles(comprobante.descuentos)}</dd>
            </div>
          )}
          <div>
            <dt>Total</dt>
            <dd>
              <strong>{soles(comprobante.total)}</strong>
            </dd>
          </div>
        </dl>
      </section>
      <section className="card" aria-labelledby="bo-comp-intentos">
        <h2 id="bo-comp-intentos">Intentos de envío</h2>
        {comprobante.trabajos.length === 0 ? (
          <p className="bo-nota">Aún sin intentos.</p>
        ) : (
          <ol className="bo-pasos">
            {comprobante.trabajos.map((trabajo) => (
              <li key={trabajo.clave}>
                <p>
                  <strong>{trabajo.clave.includes(':reintento') ? 'Reintento' : 'Envío'}</strong> · {fechaHora(trabajo.creado)} ·{' '}
                  {trabajo.intentos} de {trabajo.maxIntentos} intentos
                </p>
                <p className="bo-nota">
                  {trabajo.terminado
                    ? `Terminó el ${fechaHora(trabajo.terminado)}`
                    : trabajo.proximo
                      ? `Próximo intento: ${fechaHora(trabajo.proximo)}`
                      : 'Sin más intentos'}
                </p>
                {trabajo.ultimoError && <p className="bo-libro__texto">Último error: {trabajo.ultimoError}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/** 'Reintentar': a pending receipt goes again with its number; a rejected one is replaced by a new number. */
function Reintentar({
  comprobante,
  alReintentar,
}: {
  comprobante: DetalleComprobanteOperador;
  alReintentar: (hecho: { mensaje: string; nuevo?: string }) => void;
}) {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const rechazado = comprobante.estado === 'rechazado';
  const reintentar = async () => {
    setError(null);
    setOcupado(true);
    try {
      const respuesta = await cliente.retryComprobante(comprobante.numero);
      alReintentar({
        mensaje: respuesta.mensaje,
        ...(respuesta.comprobante.numero !== comprobante.numero ? { nuevo: respuesta.comprobante.numero } : {}),
      });
      await Promise.all([
        consultas.invalidateQueries({ queryKey: ['comprobante'] }),
        consultas.invalidateQueries({ queryKey: ['comprobantes'] }),
        consultas.invalidateQueries({ queryKey: ['inicio'] }),
      ]);
    } catch (fallo) {
      setError(mensajeDe(fallo));
    } finally {
      setOcupado(false);
    }
  };
  return (
    <section className="card" aria-labelledby="bo-comp-reintentar">
      <h2 id="bo-comp-reintentar">Qué hacer</h2>
      <p>
        {rechazado
          ? 'SUNAT lo rechazó: corrige los datos del comprador si hace falta y reinténtalo. Saldrá un comprobante nuevo que lo reemplaza.'
          : 'SUNAT aún no lo recibe o respondió con un error: reinténtalo con el mismo número.'}
      </p>
      <Aviso error={error} />
      <div className="bo-acciones">
        <button type="button" className="btn" onClick={() => void reintentar()} disabled={ocupado}>
          Reintentar
        </button>
      </div>
    </section>
  );
}

const TIPOS_DOCUMENTO = [
  { valor: 'DNI', texto: 'DNI' },
  { valor: 'CARNET_EXTRANJERIA', texto: 'Carné de extranjería' },
  { valor: 'PASAPORTE', texto: 'Pasaporte' },
] as const;

/** The buyer's correction: a boleta's document, or a factura's RUC, business name and fiscal address. */
function Corregir({ comprobante }: { comprobante: DetalleComprobanteOperador }) {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const factura = comprobante.numero.toUpperCase().startsWith('F');
  const [aviso, setAviso] = useState<{ error?: string; ok?: string }>({});
  const { register, handleSubmit, formState } = useForm({
    defaultValues: { documento_tipo: 'DNI', documento_numero: '', ruc: '', razon_social: '', direccion_fiscal: '' },
  });
  const corregir = handleSubmit(async (datos) => {
    setAviso({});
    const correccion: CorreccionClienteWire = factura
      ? {
          ruc: datos.ruc.trim(),
          razon_social: datos.razon_social.trim(),
          ...(datos.direccion_fiscal.trim() ? { direccion_fiscal: datos.direccion_fiscal.trim() } : {}),
        }
      : {
          documento_tipo: datos.documento_tipo as 'DNI' | 'CARNET_EXTRANJERIA' | 'PASAPORTE',
          documento_numero: datos.documento_numero.trim(),
        };
    try {
      const respuesta = await cliente.correctComprobanteCliente(comprobante.numero, correccion);
      setAviso({ ok: respuesta.mensaje });
      await consultas.invalidateQueries({ queryKey: clave(comprobante.numero) });
    } catch (fallo) {
      setAviso({ error: mensajeDe(fallo) });
    }
  });
  const errores = formState.errors;
  return (
    <form className="bo-form" onSubmit={(event) => void corregir(event)} noValidate aria-labelledby="bo-comp-corregir">
      <h3 id="bo-comp-corregir">Corregir los datos del comprador</h3>
      {factura ? (
        <>
          <Campo
            etiqueta="RUC"
            inputMode="numeric"
            maxLength={11}
            problema={errores.ruc?.message}
            {...register('ruc', { validate: (ruc) => /^\d{11}$/.test(ruc.trim()) || 'El RUC tiene 11 dígitos.' })}
          />
          <Campo
            etiqueta="Razón social"
            problema={errores.razon_social?.message}
            {...register('razon_social', { validate: (texto) => texto.trim().length > 0 || 'Escribe la razón social.' })}
          />
          <Campo etiqueta="Dirección fiscal (opcional)" {...register('direccion_fiscal')} />
        </>
      ) : (
        <>
          <Selector etiqueta="Tipo de documento" {...register('documento_tipo')}>
            {TIPOS_DOCUMENTO.map((tipo) => (
              <option key={tipo.valor} value={tipo.valor}>
                {tipo.texto}
              </option>
            ))}
          </Selector>
          <Campo
            etiqueta="Número de documento"
            problema={errores.documento_numero?.message}
            {...register('documento_numero', { validate: (numero) => numero.trim().length > 0 || 'Escribe el número de documento.' })}
          />
        </>
      )}
      <Aviso error={aviso.error} ok={aviso.ok} />
      <div className="bo-acciones">
        <button type="submit" className="btn btn--outline" disabled={formState.isSubmitting}>
          Guardar corrección
        </button>
      </div>
    </form>
  );
}
