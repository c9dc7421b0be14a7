import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { DetallePedidoBackoffice } from '../../lib/api/backoffice-schemas.ts';
import { COURIERS } from '../../lib/tienda.ts';
import Modal from '../../ui/Modal.tsx';
import { useCliente, type Mensaje } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { soles } from '../formato.ts';
import { Campo, Selector, Texto } from '../marco/Campo.tsx';
import { Aviso } from '../marco/Pantalla.tsx';
import { useReautenticar } from '../marco/Reautenticar.tsx';
import { usePersona } from '../marco/sesion.ts';
import { idDeCourier, recordarCourier, ultimoCourier } from './courier.ts';

type Dialogo = 'enviar' | 'cancelar' | 'reembolsar' | 'guia' | 'transferencia' | 'devolucion';

/** The actions an order allows now (its `siguientes` and `acciones`), each saying what it does; the owner's only for the owner. */
export default function AccionesPedido({ pedido }: { pedido: DetallePedidoBackoffice }) {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const conReautenticacion = useReautenticar();
  const persona = usePersona();
  const dueno = persona.rol === 'dueno';
  const [dialogo, setDialogo] = useState<Dialogo | null>(null);
  const [aviso, setAviso] = useState<{ error?: string; ok?: string }>({});
  const [ocupado, setOcupado] = useState(false);
  const id = pedido.idVenta;
  /** Runs one action (asking a fresh sign-in when the API wants one), says its outcome and reloads what it changed; true when done. */
  const hacer = async (llamada: () => Promise<Mensaje>): Promise<boolean> => {
    setAviso({});
    setOcupado(true);
    try {
      const respuesta = await conReautenticacion(llamada);
      setAviso({ ok: respuesta.mensaje });
      setDialogo(null);
      await Promise.all([
        consultas.invalidateQueries({ queryKey: ['pedido', id] }),
        consultas.invalidateQueries({ queryKey: ['pedidos'] }),
        consultas.invalidateQueries({ queryKey: ['inicio'] }),
      ]);
      return true;
    } catch (fallo) {
      setAviso({ error: mensajeDe(fallo) });
      return false;
    } finally {
      setOcupado(false);
    }
  };
  const puede = (estado: DetallePedidoBackoffice['siguientes'][number]) => pedido.siguientes.includes(estado);
  const tiene = (accion: DetallePedidoBackoffice['acciones'][number]) => pedido.acciones.includes(accion);
  const botones: ReactNode[] = [];
  const boton = (clave: string, texto: string, alPulsar: () => void, secundario = false) =>
    botones.push(
      <button
        key={clave}
        type="button"
        className={secundario ? 'btn btn--outline bo-btn--sm' : 'btn bo-btn--sm'}
        disabled={ocupado}
        onClick={alPulsar}
      >
        {texto}
      </button>,
    );
  if (tiene('confirmar-transferencia')) boton('transferencia', 'Confirmar pago recibido', () => setDialogo('transferencia'));
  if (puede('EN TRANSITO') && !pedido.recojo) boton('enviar', 'Enviar', () => setDialogo('enviar'));
  if (puede('LISTO PARA RECOGER'))
    boton('listo', 'Listo para recoger', () => void hacer(() => cliente.moveOrder(id, { estado: 'LISTO PARA RECOGER' })));
  if (puede('ENTREGADO')) boton('entregado', 'Marcar entregado', () => void hacer(() => cliente.moveOrder(id, { estado: 'ENTREGADO' })));
  if (tiene('corregir-guia')) boton('guia', 'Corregir guía', () => setDialogo('guia'), true);
  if (tiene('reenviar-correo')) boton('correo', 'Reenviar correo', () => void hacer(() => cliente.resendOrderEmail(id)), true);
  if (puede('CANCELADO') && !pedido.pagado) boton('cancelar', 'Cancelar pedido', () => setDialogo('cancelar'), true);
  if (tiene('reembolsar') && dueno) boton('reembolsar', 'Cancelar y reembolsar', () => setDialogo('reembolsar'), true);
  if (tiene('devolver') && dueno) boton('devolver', 'Registrar devolución', () => setDialogo('devolucion'), true);
  const soloDueno = !dueno && (tiene('reembolsar') || tiene('devolver'));
  const cerrar = () => setDialogo(null);
  return (
    <section className="card bo-acciones-pedido" aria-labelledby="bo-acciones">
      <h2 id="bo-acciones">Acciones</h2>
      {botones.length ? <div className="bo-acciones">{botones}</div> : <p className="bo-nota">No hay acciones para este pedido ahora.</p>}
      {soloDueno && <p className="bo-nota">Solo la dueña o el dueño puede reembolsar o registrar devoluciones.</p>}
      <Aviso error={dialogo ? null : aviso.error} ok={aviso.ok} />
      {dialogo === 'enviar' && (
        <DialogoCourier
          titulo="Enviar pedido"
          lead="El pedido pasa a «En tránsito» con su courier y su guía."
          boton="Marcar enviado"
          courierInicial={idDeCourier(pedido.ultimoCourier) ?? ultimoCourier() ?? COURIERS[0].id}
          error={aviso.error}
          alCerrar={cerrar}
          alEnviar={({ courier, guia, avisar }) => {
            recordarCourier(courier);
            return hacer(() => cliente.moveOrder(id, { estado: 'EN TRANSITO', courier, guia, avisar }));
          }}
        />
      )}
      {dialogo === 'guia' && (
        <DialogoCourier
          titulo="Corregir guía"
          lead="Cambia el courier o el número de guía. Queda registrado en el historial."
          boton="Guardar la guía"
          courierInicial={idDeCourier(pedido.seguimiento?.courier) ?? ultimoCourier() ?? COURIERS[0].id}
          guiaInicial={pedido.seguimiento?.guia}
          error={aviso.error}
          alCerrar={cerrar}
          alEnviar={({ courier, guia, avisar }) => hacer(() => cliente.correctTracking(id, { courier, guia, avisar }))}
        />
      )}
      {dialogo === 'cancelar' && (
        <DialogoMotivo
          titulo="Cancelar pedido"
          lead="El pedido se cancela, su stock y su cupón vuelven a la tienda y se avisa al cliente con este motivo."
          boton="Cancelar el pedido"
          error={aviso.error}
          alCerrar={cerrar}
          alEnviar={(motivo) => hacer(() => cliente.moveOrder(id, { estado: 'CANCELADO', nota: motivo }))}
        />
      )}
      {dialogo === 'reembolsar' && (
        <DialogoMotivo
          titulo="Cancelar y reembolsar"
          lead={`El pedido se cancela, vuelven el stock y el cupón, se emite una nota de crédito y se devuelven ${soles(pedido.total)} al cliente por su medio de pago.`}
          boton={`Reembolsar ${soles(pedido.total)}`}
          error={aviso.error}
          alCerrar={cerrar}
          alEnviar={(motivo) => hacer(() => cliente.refundOrder(id, { motivo }))}
        />
      )}
      {dialogo === 'transferencia' && (
        <DialogoTransferencia
          total={pedido.total}
          error={aviso.error}
          alCerrar={cerrar}
          alEnviar={(operacion) => hacer(() => cliente.confirmTransfer(id, { operacion }))}
        />
      )}
      {dialogo === 'devolucion' && (
        <DialogoDevolucion
          pedido={pedido}
          error={aviso.error}
          alCerrar={cerrar}
          alEnviar={(devolucion) => hacer(() => cliente.returnLines(id, devolucion))}
        />
      )}
    </section>
  );
}

interface DialogoBase<T> {
  error?: string;
  alCerrar: () => void;
  alEnviar: (valores: T) => Promise<boolean>;
}

function Botones({ boton, enviando, alCerrar }: { boton: string; enviando: boolean; alCerrar: () => void }) {
  return (
    <div className="bo-acciones">
      <button type="button" className="btn btn--ghost" onClick={alCerrar}>
        Volver
      </button>
      <button type="submit" className="btn" disabled={enviando}>
        {boton}
      </button>
    </div>
  );
}

/** Courier and guía (ship, correct the guía), with 'Avisar al cliente' checked. */
function DialogoCourier({
  titulo,
  lead,
  boton,
  courierInicial,
  guiaInicial,
  error,
  alCerrar,
  alEnviar,
}: DialogoBase<{ courier: string; guia: string; avisar: boolean }> & {
  titulo: string;
  lead: string;
  boton: string;
  courierInicial: string;
  guiaInicial?: string;
}) {
  const { register, handleSubmit, formState } = useForm({
    defaultValues: { courier: courierInicial, guia: guiaInicial ?? '', avisar: true },
  });
  const enviar = handleSubmit(async (valores) => void (await alEnviar({ ...valores, guia: valores.guia.trim() })));
  return (
    <Modal title={titulo} lead={lead} size="narrow" onClose={alCerrar}>
      <form className="bo-form bo-dialogo" onSubmit={(event) => void enviar(event)} noValidate>
        <Selector etiqueta="Courier" defaultValue={courierInicial} {...register('courier')}>
          {COURIERS.map((courier) => (
            <option key={courier.id} value={courier.id}>
              {courier.nombre}
            </option>
          ))}
        </Selector>
        <Campo
          etiqueta="Número de guía"
          autoComplete="off"
          required
          problema={formState.errors.guia?.message}
          {...register('guia', {
            required: 'Escribe el número de guía.',
            pattern: { value: /^\s*[A-Za-z0-9-]{4,40}\s*$/, message: 'De 4 a 40 letras, números o guiones.' },
          })}
        />
        <label className="bo-casilla">
          <input type="checkbox" {...register('avisar')} /> Avisar al cliente
        </label>
        <Aviso error={error} />
        <Botones boton={boton} enviando={formState.isSubmitting} alCerrar={alCerrar} />
      </form>
    </Modal>
  );
}

/** A cancellation's reason (said to the customer). */
function DialogoMotivo({
  titulo,
  lead,
  boton,
  error,
  alCerrar,
  alEnviar,
}: DialogoBase<string> & { titulo: string; lead: string; boton: string }) {
  const { register, handleSubmit, formState } = useForm({ defaultValues: { motivo: '' } });
  const enviar = handleSubmit(async ({ motivo }) => void (await alEnviar(motivo.trim())));
  return (
    <Modal title={titulo} lead={lead} size="narrow" onClose={alCerrar}>
      <form className="bo-form bo-dialogo" onSubmit={(event) => void enviar(event)} noValidate>
        <Texto
          etiqueta="Motivo"
          pista="Se lo decimos al cliente en el correo."
          rows={3}
          maxLength={500}
          required
          problema={formState.errors.motivo?.message}
          {...register('motivo', { validate: (motivo) => motivo.trim() !== '' || 'Escribe el motivo.' })}
        />
        <Aviso error={error} />
        <Botones boton={boton} enviando={formState.isSubmitting} alCerrar={alCerrar} />
      </form>
    </Modal>
  );
}

/** 'Confirmar pago recibido' of a bank transfer: its operation number. */
function DialogoTransferencia({ total, error, alCerrar, alEnviar }: DialogoBase<string> & { total: number }) {
  const { register, handleSubmit, formState } = useForm({ defaultValues: { operacion: '' } });
  const enviar = handleSubmit(async ({ operacion }) => void (await alEnviar(operacion.trim())));
  return (
    <Modal
      title="Confirmar pago recibido"
      lead={`Confirma solo si ves ${soles(total)} en la cuenta de la tienda. El pedido pasa a pagado y el cliente recibe su comprobante.`}
      size="narrow"
      onClose={alCerrar}
    >
      <form className="bo-form bo-dialogo" onSubmit={(event) => void enviar(event)} noValidate>
        <Campo
          etiqueta="Número de operación"
          autoComplete="off"
          required
          problema={formState.errors.operacion?.message}
          {...register('operacion', { validate: (operacion) => operacion.trim() !== '' || 'Escribe el número de operación del banco.' })}
        />
        <Aviso error={error} />
        <Botones boton="Confirmar el pago" enviando={formState.isSubmitting} alCerrar={alCerrar} />
      </form>
    </Modal>
  );
}

interface ValoresDevolucion {
  lineas: { cantidad: number; revendible: boolean }[];
  motivo: string;
}

/** 'Registrar devolución': how many of each line come back, whether they can be sold again, and why. */
function DialogoDevolucion({
  pedido,
  error,
  alCerrar,
  alEnviar,
}: DialogoBase<Parameters<ReturnType<typeof useCliente>['returnLines']>[1]> & { pedido: DetallePedidoBackoffice }) {
  const { register, handleSubmit, formState, control } = useForm<ValoresDevolucion>({
    defaultValues: { lineas: pedido.productos.map(() => ({ cantidad: 0, revendible: true })), motivo: '' },
  });
  const lineas = useWatch({ control, name: 'lineas' });
  const monto = pedido.productos.reduce(
    (suma, linea, indice) => suma + linea.precio_con_descuento * (Number(lineas[indice]?.cantidad) || 0),
    0,
  );
  const [sinLineas, setSinLineas] = useState(false);
  const enviar = handleSubmit(async (valores) => {
    const elegidas = pedido.productos
      .map((linea, indice) => ({
        idProducto: linea.idProducto,
        color: linea.color,
        tamano: linea.tamano,
        cantidad: Number(valores.lineas[indice]!.cantidad) || 0,
        revendible: valores.lineas[indice]!.revendible,
      }))
      .filter((linea) => linea.cantidad > 0);
    setSinLineas(elegidas.length === 0);
    if (elegidas.length) await alEnviar({ lineas: elegidas, motivo: valores.motivo.trim() });
  });
  return (
    <Modal
      title="Registrar devolución"
      lead="Elige qué vuelve. Se emite una nota de crédito por esas líneas y se devuelve su importe al cliente."
      size="wide"
      onClose={alCerrar}
    >
      <form className="bo-form bo-dialogo" onSubmit={(event) => void enviar(event)} noValidate>
        <ul className="bo-devolucion">
          {pedido.productos.map((linea, indice) => (
            <li key={`${linea.idProducto}-${linea.color}-${linea.tamano}`}>
              <p>
                <strong>{linea.nombreProducto}</strong> {[linea.color, linea.tamano].filter(Boolean).join(' · ')} · compró {linea.cantidad}
              </p>
              <Campo
                etiqueta={`Cantidad que vuelve de ${linea.nombreProducto}`}
                type="number"
                min={0}
                max={linea.cantidad}
                inputMode="numeric"
                problema={formState.errors.lineas?.[indice]?.cantidad?.message}
                {...register(`lineas.${indice}.cantidad`, {
                  valueAsNumber: true,
                  min: { value: 0, message: 'No puede ser negativa.' },
                  max: { value: linea.cantidad, message: `Compró ${linea.cantidad}.` },
                })}
              />
              <label className="bo-casilla">
                <input type="checkbox" {...register(`lineas.${indice}.revendible`)} /> Se puede volver a vender (vuelve al stock)
              </label>
            </li>
          ))}
        </ul>
        <Texto
          etiqueta="Motivo"
          rows={2}
          maxLength={500}
          required
          problema={formState.errors.motivo?.message}
          {...register('motivo', { validate: (motivo) => motivo.trim() !== '' || 'Escribe el motivo.' })}
        />
        <p>
          Se devolverán <strong>{soles(monto)}</strong>.
        </p>
        <Aviso error={sinLineas ? 'Elige al menos una unidad que vuelve.' : error} />
        <Botones boton="Registrar la devolución" enviando={formState.isSubmitting} alCerrar={alCerrar} />
      </form>
    </Modal>
  );
}
