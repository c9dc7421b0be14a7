import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { AccionComprobante, CorreccionClienteWire, DetalleComprobanteOperador } from '../../lib/api/comprobantes-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fechaHora, soles } from '../formato.ts';
import { Campo, Selector } from '../marco/Campo.tsx';
import { Aviso, Cargando, Pantalla } from '../marco/Pantalla.tsx';
import '../libros/libros.css';
import { EstadoComprobante } from './Comprobantes.tsx';
import './comprobantes.css';

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

/** One receipt: its state and SUNAT's word in plain Spanish, its files, its credit notes, lines, totals and attempts, and only the actions its state allows. */
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
  const corregible = comprobante.acciones.includes('corregir');
  const comprador = comprobante.clienteCorregido ?? comprobante.cliente;
  const [hecho, setHecho] = useState<{ mensaje: string; nuevo?: string } | null>(null);
  const enlaces = [
    { texto: 'PDF', url: comprobante.pdf },
    { texto: 'XML', url: comprobante.xml },
    { texto: 'CDR (constancia de SUNAT)', url: comprobante.cdr },
  ].filter((enlace): enlace is { texto: string; url: string } => Boolean(enlace.url));
  return (
    <div className="bo-detalle">
      <section className="card" aria-labelledby="bo-comp-estado">
        <h2 id="bo-comp-estado">{comprobante.nombre}</h2>
        <p>
          <EstadoComprobante comprobante={comprobante} /> <strong>{soles(comprobante.total)}</strong>
        </p>
        <RespuestaSunat comprobante={comprobante} />
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
          {comprobante.prueba && ' · de prueba, sin validez tributaria'}
        </p>
        {comprobante.modifica && (
          <p>
            Nota de crédito de <Link href={`/comprobantes/${comprobante.modifica}`}>{comprobante.modifica}</Link>
            {comprobante.motivo ? ` · motivo: ${comprobante.motivo}` : ''}
          </p>
        )}
        <p className="bo-comp-enlaces">
          <a href={comprobante.url} target="_blank" rel="noopener noreferrer">
            Ver el comprobante
          </a>
          {enlaces.map((enlace) => (
            <span key={enlace.texto}>
              {' · '}
              <a href={enlace.url} target="_blank" rel="noopener noreferrer">
                {enlace.texto}
              </a>
            </span>
          ))}
        </p>
        {enlaces.length === 0 && (
          <p className="bo-nota">
            {comprobante.prueba
              ? 'Los comprobantes de prueba no tienen PDF, XML ni CDR del proveedor.'
              : 'El PDF, el XML y el CDR aparecen aquí cuando el proveedor los entrega.'}
          </p>
        )}
        <Aviso ok={hecho?.mensaje} />
        {hecho?.nuevo && (
          <p>
            <Link href={`/comprobantes/${hecho.nuevo}`}>Ver el comprobante {hecho.nuevo}</Link>
          </p>
        )}
      </section>
      <Acciones comprobante={comprobante} alHacer={setHecho} />
      {comprobante.tipo !== '07' && (
        <section className="card" aria-labelledby="bo-comp-notas">
          <h2 id="bo-comp-notas">Notas de crédito</h2>
          {comprobante.notas.length === 0 ? (
            <p className="bo-nota">Ninguna: no se anuló ni se devolvió nada de este comprobante.</p>
          ) : (
            <ul className="bo-lineas">
              {comprobante.notas.map((nota) => (
                <li key={nota.numero} className="bo-libro__linea">
                  <div>
                    <p>
                      <Link href={`/comprobantes/${nota.numero}`} className="bo-enlace-fuerte">
                        {nota.numero}
                      </Link>{' '}
                      <EstadoComprobante
                        comprobante={{ estado: nota.estado, reemplazadoPor: null, porCorregir: false, observaciones: null }}
                      />
                    </p>
                    <p className="bo-nota">
                      {fechaHora(nota.emitido)}
                      {nota.motivo ? ` · ${nota.motivo}` : ''}
                    </p>
                  </div>
                  <p>−{soles(nota.total)}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <section className="card" aria-labelledby="bo-comp-cliente">
        <h2 id="bo-comp-cliente">Comprador</h2>
        <p>
          <strong>{comprador.denominacion}</strong>
        </p>
        <p>
          {DOCUMENTO[comprador.tipoDocumento] ?? comprador.tipoDocumento} {comprador.numeroDocumento}
        </p>
        {comprador.direccion && <p>{comprador.direccion}</p>}
        {comprobante.clienteCorregido && <p className="bo-nota">Datos corregidos: el comprobante nuevo saldrá con ellos.</p>}
        {corregible && <Corregir comprobante={comprobante} />}
      </section>
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

/** SUNAT's answer: the plain sentence when the shop knows the code, with SUNAT's own code and message beside it. */
function RespuestaSunat({ comprobante }: { comprobante: DetalleComprobanteOperador }) {
  const crudo = comprobante.mensaje ?? comprobante.ultimoError;
  return (
    <div className="bo-comp-sunat">
      {comprobante.explicacion && <p className="bo-comp-sunat__llano">{comprobante.explicacion}</p>}
      {crudo && (
        <p className="bo-nota">
          {comprobante.codigoSunat ? `Código SUNAT ${comprobante.codigoSunat}: ` : 'Respuesta: '}
          {crudo}
        </p>
      )}
      {comprobante.observaciones && (
        <>
          {comprobante.explicacionObservaciones && <p className="bo-comp-sunat__llano">{comprobante.explicacionObservaciones}</p>}
          <p className="bo-nota">Observaciones de SUNAT (el comprobante es válido): {comprobante.observaciones}</p>
        </>
      )}
    </div>
  );
}

/** Each path SUNAT's rules allow, in words: why, and what it does with the number. */
const EXPLICACION: Record<AccionComprobante, string> = {
  reenviar:
    'SUNAT aún no lo recibió o no respondió. Se envía otra vez con el mismo número: el número no se pierde y no se emite otro comprobante.',
  corregir:
    'Si el rechazo o la devolución fue por los datos del comprador (por ejemplo, el RUC o la razón social de una factura), corrígelos primero: el envío siguiente sale con ellos.',
  reemplazar:
    'SUNAT lo rechazó y su número ya quedó usado: no se puede volver a enviar. Se emite un comprobante nuevo, con el siguiente número de la serie, las mismas líneas y los datos del comprador corregidos.',
};

/** 'Qué puedes hacer': only the actions the receipt's state allows, each with its explanation; an accepted one says why there are none. */
function Acciones({
  comprobante,
  alHacer,
}: {
  comprobante: DetalleComprobanteOperador;
  alHacer: (hecho: { mensaje: string; nuevo?: string }) => void;
}) {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const { acciones } = comprobante;
  const enviar = async () => {
    setError(null);
    setOcupado(true);
    try {
      const respuesta = await cliente.retryComprobante(comprobante.numero);
      alHacer({
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
  const boton = acciones.includes('reemplazar')
    ? { accion: 'reemplazar' as const, texto: 'Emitir uno nuevo con otro número' }
    : acciones.includes('reenviar')
      ? { accion: 'reenviar' as const, texto: 'Reenviar con el mismo número' }
      : null;
  return (
    <section className="card" aria-labelledby="bo-comp-acciones">
      <h2 id="bo-comp-acciones">Qué puedes hacer</h2>
      {acciones.length === 0 ? (
        <p>
          {comprobante.estado === 'aceptado'
            ? 'Nada: SUNAT lo aceptó y es válido; ya no se cambia. Para anularlo o devolver dinero, cancela el pedido o registra la devolución: la tienda emite la nota de crédito.'
            : `Nada: lo reemplazó ${comprobante.reemplazadoPor ?? 'otro comprobante'}.`}
        </p>
      ) : (
        <ol className="bo-comp-pasos">
          {acciones.includes('corregir') && (
            <li>
              <strong>Corregir los datos del comprador</strong> (abajo, en Comprador). {EXPLICACION.corregir}
            </li>
          )}
          {boton && (
            <li>
              <strong>{boton.texto}.</strong> {EXPLICACION[boton.accion]}
            </li>
          )}
        </ol>
      )}
      <Aviso error={error} />
      {boton && (
        <div className="bo-acciones">
          <button type="button" className="btn" onClick={() => void enviar()} disabled={ocupado}>
            {boton.texto}
          </button>
        </div>
      )}
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
  const factura = comprobante.tipo === '01';
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
