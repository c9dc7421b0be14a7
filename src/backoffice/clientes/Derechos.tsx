import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ClienteEliminado, CorreccionCliente, DetalleCliente, TipoSolicitud } from '../../lib/api/clientes-schemas.ts';
import Modal from '../../ui/Modal.tsx';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { Campo, Selector } from '../marco/Campo.tsx';
import { Aviso } from '../marco/Pantalla.tsx';
import { ReautenticacionCancelada, useReautenticar } from '../marco/Reautenticar.tsx';
import { usePersona } from '../marco/sesion.ts';

/** The document types, as the profile spells them (account-rules.ts's DOC_TYPES, here without zod). */
const DOCUMENTOS = [
  ['DNI', 'DNI'],
  ['PASAPORTE', 'Pasaporte'],
  ['CARNET EXTRANJERIA', 'Carné de extranjería'],
] as const;

/** Today's date in Lima (YYYY-MM-DD), the default of 'Fecha en que lo pidió'. */
const hoyLima = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);

/** Her data corrected in place (both roles): only what changed is sent; the shop records a rectification request. */
export function Corregir({ detalle, alTerminar }: { detalle: DetalleCliente; alTerminar: (mensaje?: string) => void }) {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const c = detalle.cliente;
  const [error, setError] = useState<string | null>(null);
  const inicial = {
    nombre: c.nombre,
    apellido: c.apellido,
    telefono: c.telefono,
    correo: c.correo,
    documentoTipo: c.documentoTipo ?? '',
    documentoNumero: c.documentoNumero,
    recibida: hoyLima(),
  };
  const { register, handleSubmit, formState } = useForm({ defaultValues: inicial });
  const guardar = handleSubmit(async (valores) => {
    setError(null);
    const correccion: CorreccionCliente = { recibida: valores.recibida };
    for (const campo of ['nombre', 'apellido', 'telefono', 'correo'] as const)
      if (valores[campo].trim() !== inicial[campo]) correccion[campo] = valores[campo].trim();
    if (
      valores.documentoTipo &&
      (valores.documentoTipo !== inicial.documentoTipo || valores.documentoNumero.trim() !== inicial.documentoNumero)
    ) {
      correccion.documentoTipo = valores.documentoTipo as CorreccionCliente['documentoTipo'];
      correccion.documentoNumero = valores.documentoNumero.trim();
    }
    try {
      const respuesta = await cliente.correctCustomer(c.id, correccion);
      consultas.setQueryData(['cliente', c.id], respuesta.detalle);
      await consultas.invalidateQueries({ queryKey: ['clientes'] });
      alTerminar(respuesta.mensaje);
    } catch (fallo) {
      setError(mensajeDe(fallo));
    }
  });
  return (
    <form className="bo-form" onSubmit={(event) => void guardar(event)} noValidate aria-label="Corregir sus datos">
      <Campo etiqueta="Nombre" autoComplete="off" {...register('nombre')} />
      <Campo etiqueta="Apellido" autoComplete="off" {...register('apellido')} />
      <Campo etiqueta="Celular" inputMode="tel" autoComplete="off" {...register('telefono')} />
      <Campo
        etiqueta="Correo"
        type="email"
        autoComplete="off"
        pista="Debe ser único: otra cuenta no puede tenerlo."
        {...register('correo')}
      />
      <Selector etiqueta="Tipo de documento" {...register('documentoTipo')}>
        <option value="">Sin documento</option>
        {DOCUMENTOS.map(([valor, texto]) => (
          <option key={valor} value={valor}>
            {texto}
          </option>
        ))}
      </Selector>
      <Campo etiqueta="Número de documento" autoComplete="off" {...register('documentoNumero')} />
      <Campo
        etiqueta="Fecha en que lo pidió"
        type="date"
        pista="La solicitud de rectificación queda registrada con esta fecha."
        {...register('recibida')}
      />
      <Aviso error={error} />
      <div className="bo-acciones">
        <button type="submit" className="btn bo-btn--sm" disabled={formState.isSubmitting}>
          Guardar corrección
        </button>
        <button type="button" className="btn btn--ghost bo-btn--sm" onClick={() => alTerminar()}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

/**
 * 'Sus derechos' (Ley 29733): record a request received, and the owner's 'Exportar sus datos (JSON)'
 * and 'Eliminar su cuenta' (both ask for a fresh sign-in; staff do not see them, the API refuses them).
 */
export function Derechos({
  detalle,
  alEliminar,
  alHacer,
}: {
  detalle: DetalleCliente;
  alEliminar: (resultado: ClienteEliminado) => void;
  alHacer: (mensaje: string) => void;
}) {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const persona = usePersona();
  const conReautenticacion = useReautenticar();
  const [aviso, setAviso] = useState<{ error?: string; ok?: string }>({});
  const [ocupado, setOcupado] = useState(false);
  const [eliminando, setEliminando] = useState(false);
  const { register, handleSubmit } = useForm({ defaultValues: { tipo: 'acceso' as TipoSolicitud, recibida: hoyLima() } });
  const id = detalle.cliente.id;
  const registrar = handleSubmit(async ({ tipo, recibida }) => {
    setAviso({});
    try {
      const respuesta = await cliente.recordDataRequest(id, { tipo, recibida });
      consultas.setQueryData(['cliente', id], respuesta.detalle);
      alHacer(respuesta.mensaje);
    } catch (fallo) {
      setAviso({ error: mensajeDe(fallo) });
    }
  });
  const exportar = async () => {
    setAviso({});
    setOcupado(true);
    try {
      const archivo = await conReautenticacion(() => cliente.exportCustomer(id));
      const url = URL.createObjectURL(archivo.datos);
      const enlace = document.createElement('a');
      enlace.href = url;
      enlace.download = archivo.nombre;
      document.body.append(enlace);
      enlace.click();
      enlace.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
      await consultas.invalidateQueries({ queryKey: ['cliente', id] });
      setAviso({ ok: `Descargamos sus datos (${archivo.nombre}) y registramos la solicitud de acceso como atendida.` });
    } catch (fallo) {
      if (!(fallo instanceof ReautenticacionCancelada)) setAviso({ error: mensajeDe(fallo) });
    } finally {
      setOcupado(false);
    }
  };
  return (
    <section className="card" aria-labelledby="bo-cliente-derechos">
      <h2 id="bo-cliente-derechos">Sus derechos sobre sus datos</h2>
      <p className="bo-nota">
        Si pide ver, corregir o eliminar sus datos (Ley 29733), regístralo con la fecha en que llegó: la tienda cuenta el plazo. Corregir
        sus datos, exportarlos o eliminar la cuenta atiende la solicitud pendiente de ese tipo.
      </p>
      <form className="bo-cliente-solicitud-form" onSubmit={(event) => void registrar(event)} aria-label="Registrar una solicitud">
        <Selector etiqueta="Solicitud" {...register('tipo')}>
          <option value="acceso">Acceso (ver sus datos)</option>
          <option value="rectificacion">Rectificación (corregirlos)</option>
          <option value="cancelacion">Cancelación (eliminar la cuenta)</option>
        </Selector>
        <Campo etiqueta="Fecha en que llegó" type="date" {...register('recibida')} />
        <div className="bo-acciones">
          <button type="submit" className="btn btn--outline bo-btn--sm">
            Registrar solicitud
          </button>
        </div>
      </form>
      {persona.rol === 'dueno' && (
        <div className="bo-acciones">
          <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => void exportar()} disabled={ocupado}>
            Exportar sus datos (JSON)
          </button>
          <button
            type="button"
            className="btn btn--outline bo-btn--sm bo-btn--peligro"
            onClick={() => setEliminando(true)}
            disabled={ocupado}
          >
            Eliminar su cuenta
          </button>
        </div>
      )}
      <Aviso error={aviso.error} ok={aviso.ok} />
      {eliminando && <DialogoEliminar detalle={detalle} alCerrar={() => setEliminando(false)} alEliminar={alEliminar} />}
    </section>
  );
}

/** The deletion's confirmation: what goes, what stays (and why), the day she asked; then a fresh sign-in if due. */
function DialogoEliminar({
  detalle,
  alCerrar,
  alEliminar,
}: {
  detalle: DetalleCliente;
  alCerrar: () => void;
  alEliminar: (resultado: ClienteEliminado) => void;
}) {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const conReautenticacion = useReautenticar();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({ defaultValues: { recibida: hoyLima() } });
  const { cliente: c, pedidos, reclamos } = detalle;
  const nombre = [c.nombre, c.apellido].filter(Boolean).join(' ');
  const eliminar = handleSubmit(async ({ recibida }) => {
    setError(null);
    try {
      const resultado = await conReautenticacion(() => cliente.deleteCustomer(c.id, { recibida }));
      await consultas.invalidateQueries({ queryKey: ['clientes'] });
      await consultas.invalidateQueries({ queryKey: ['pedidos'] });
      alCerrar();
      alEliminar(resultado);
    } catch (fallo) {
      if (!(fallo instanceof ReautenticacionCancelada)) setError(mensajeDe(fallo));
    }
  });
  return (
    <Modal title={`¿Eliminar la cuenta de ${nombre}?`} lead="Lo pidió ella: no se puede deshacer." onClose={alCerrar}>
      <form className="bo-form bo-dialogo" onSubmit={(event) => void eliminar(event)}>
        <p>
          <strong>Se borran:</strong> la cuenta ({c.correo}) y su acceso, sus direcciones, sus reseñas, sus avisos de 'Avísame', sus
          cupones, sus códigos de recuperación y su consentimiento de promociones. Su correo podrá registrarse de nuevo.
        </p>
        <p>
          <strong>Se conservan sin sus datos</strong> (la ley y SUNAT lo exigen): {pedidos.length}{' '}
          {pedidos.length === 1 ? 'pedido' : 'pedidos'} con sus montos, fechas y productos, a nombre de «Cliente eliminado»; sus
          comprobantes tal como se emitieron (nombre y documento que pide SUNAT, sin su correo); y {reclamos.length}{' '}
          {reclamos.length === 1 ? 'hoja' : 'hojas'} del Libro de Reclamaciones sin su nombre ni contacto. El registro de auditoría no se
          modifica.
        </p>
        <Campo etiqueta="Fecha en que lo pidió" type="date" required {...register('recibida')} />
        <Aviso error={error} />
        <div className="bo-acciones">
          <button type="button" className="btn btn--ghost" onClick={alCerrar}>
            Cancelar
          </button>
          <button type="submit" className="btn bo-btn--peligro" disabled={formState.isSubmitting}>
            Eliminar la cuenta
          </button>
        </div>
      </form>
    </Modal>
  );
}
