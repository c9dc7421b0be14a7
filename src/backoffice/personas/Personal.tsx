import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { NOMBRE_ROL, ROLES, type Persona, type Rol } from '../../lib/api/backoffice-schemas.ts';
import { useCliente, type Mensaje } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fecha, fechaHora } from '../formato.ts';
import { Campo, Selector } from '../marco/Campo.tsx';
import { Aviso, Cargando, Pantalla, SoloDueno } from '../marco/Pantalla.tsx';
import { useReautenticar } from '../marco/Reautenticar.tsx';
import { usePersona } from '../marco/sesion.ts';
import Copiar from './Copiar.tsx';

/** 'Personal' (owner only): the staff with role and state, invitations, and the changes to them (each asks a fresh sign-in). */
export default function Personal() {
  return (
    <SoloDueno>
      <ListaPersonal />
    </SoloDueno>
  );
}

function ListaPersonal() {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const conReautenticacion = useReautenticar();
  const yo = usePersona();
  const lista = useQuery({ queryKey: ['personal'], queryFn: () => cliente.staff() });
  const [aviso, setAviso] = useState<{ error?: string; ok?: string }>({});
  const [enlace, setEnlace] = useState<string | null>(null);
  const hacer = async (llamada: () => Promise<Mensaje>) => {
    setAviso({});
    try {
      const respuesta = await conReautenticacion(llamada);
      setAviso({ ok: respuesta.mensaje });
      await consultas.invalidateQueries({ queryKey: ['personal'] });
      return true;
    } catch (fallo) {
      setAviso({ error: mensajeDe(fallo) });
      return false;
    }
  };
  const { register, handleSubmit, reset, formState } = useForm<{ correo: string; rol: Rol }>({
    defaultValues: { correo: '', rol: 'personal' },
  });
  const invitar = handleSubmit(async (datos) => {
    setEnlace(null);
    await hacer(async () => {
      const creada = await cliente.invite({ correo: datos.correo.trim(), rol: datos.rol });
      setEnlace(creada.enlace);
      reset({ correo: '', rol: 'personal' });
      return creada;
    });
  });
  return (
    <Pantalla titulo="Personal">
      <Aviso error={aviso.error} ok={aviso.ok} />
      <section className="card" aria-labelledby="bo-invitar">
        <h2 id="bo-invitar">Invitar a alguien</h2>
        <form className="bo-form bo-form--fila" onSubmit={(event) => void invitar(event)} noValidate>
          <Campo
            etiqueta="Correo"
            type="email"
            autoComplete="off"
            required
            problema={formState.errors.correo?.message}
            {...register('correo', { required: 'Escribe el correo de la persona.' })}
          />
          <Selector etiqueta="Rol" defaultValue="personal" {...register('rol')}>
            {ROLES.map((rol) => (
              <option key={rol} value={rol}>
                {NOMBRE_ROL[rol]}
              </option>
            ))}
          </Selector>
          <button type="submit" className="btn bo-btn--sm" disabled={formState.isSubmitting}>
            Enviar invitación
          </button>
        </form>
        {enlace && (
          <div className="bo-secreto">
            <p>Le enviamos este enlace por correo. Vale 48 horas y sirve una sola vez:</p>
            <p>
              <code>{enlace}</code>
            </p>
            <Copiar texto={enlace} etiqueta="Copiar enlace" />
          </div>
        )}
      </section>
      {lista.isPending ? (
        <Cargando />
      ) : lista.isError ? (
        <p role="alert">{mensajeDe(lista.error)}</p>
      ) : (
        <>
          <section aria-labelledby="bo-equipo">
            <h2 id="bo-equipo">Equipo</h2>
            <ul className="bo-personas">
              {lista.data.personas.map((persona) => (
                <FilaPersona key={persona.id} persona={persona} soyYo={persona.id === yo.id} hacer={hacer} />
              ))}
            </ul>
          </section>
          <section aria-labelledby="bo-invitaciones">
            <h2 id="bo-invitaciones">Invitaciones pendientes</h2>
            {lista.data.invitaciones.length === 0 ? (
              <p className="bo-nota">No hay invitaciones pendientes.</p>
            ) : (
              <ul className="bo-personas">
                {lista.data.invitaciones.map((invitacion) => (
                  <li key={invitacion.id} className="card bo-persona">
                    <p>
                      <strong>{invitacion.correo}</strong> · {NOMBRE_ROL[invitacion.rol]}
                    </p>
                    <p className="bo-nota">
                      Invitada por {invitacion.invitadaPor} · vence {fechaHora(invitacion.expira)}
                    </p>
                    <button
                      type="button"
                      className="btn btn--outline bo-btn--sm"
                      onClick={() => void hacer(() => cliente.revokeInvitation(invitacion.id))}
                    >
                      Anular invitación de {invitacion.correo}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </Pantalla>
  );
}

function FilaPersona({
  persona,
  soyYo,
  hacer,
}: {
  persona: Persona;
  soyYo: boolean;
  hacer: (llamada: () => Promise<Mensaje>) => Promise<boolean>;
}) {
  const cliente = useCliente();
  const [rol, setRol] = useState<Rol>(persona.rol);
  const [confirmando, setConfirmando] = useState(false);
  const [enlace, setEnlace] = useState<string | null>(null);
  const restablecer = async () => {
    setEnlace(null);
    const hecho = await hacer(async () => {
      const creada = await cliente.resetAccess(persona.id);
      setEnlace(creada.enlace);
      return creada;
    });
    if (hecho) setConfirmando(false);
  };
  return (
    <li className="card bo-persona">
      <p>
        <strong>{persona.nombre}</strong> {soyYo && '(tú)'} · {persona.correo}
      </p>
      <p className="bo-nota">
        {NOMBRE_ROL[persona.rol]} · {persona.activa ? 'Activa' : 'Desactivada'} · desde {fecha(persona.creada)} · último ingreso{' '}
        {persona.ultimoIngreso ? fechaHora(persona.ultimoIngreso) : 'nunca'}
        {persona.accesoPendiente && ' · Acceso restablecido: aún no usa su enlace nuevo'}
      </p>
      {!soyYo && (
        <div className="bo-acciones">
          <Selector etiqueta={`Rol de ${persona.nombre}`} value={rol} onChange={(event) => setRol(event.target.value as Rol)}>
            {ROLES.map((uno) => (
              <option key={uno} value={uno}>
                {NOMBRE_ROL[uno]}
              </option>
            ))}
          </Selector>
          <button
            type="button"
            className="btn btn--outline bo-btn--sm"
            disabled={rol === persona.rol}
            onClick={() => void hacer(() => cliente.setPersonRole(persona.id, rol))}
          >
            Cambiar rol
          </button>
          <button
            type="button"
            className="btn btn--outline bo-btn--sm"
            onClick={() => void hacer(() => cliente.setPersonActive(persona.id, !persona.activa))}
          >
            {persona.activa ? `Desactivar a ${persona.nombre}` : `Activar a ${persona.nombre}`}
          </button>
          {persona.activa && !confirmando && (
            <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => setConfirmando(true)}>
              Restablecer acceso de {persona.nombre}
            </button>
          )}
        </div>
      )}
      {confirmando && (
        <div className="bo-secreto" role="group" aria-label={`Restablecer acceso de ${persona.nombre}`}>
          <p>
            ¿Perdió su celular? Se cerrarán sus sesiones y dejarán de servir su contraseña, su código, sus llaves de acceso y sus códigos de
            recuperación. Le enviaremos por correo un enlace nuevo (vale 48 horas) para elegir otra contraseña y activar su código otra vez.
            Su cuenta, su rol y su historial se mantienen.
          </p>
          <div className="bo-acciones">
            <button type="button" className="btn bo-btn--sm" onClick={() => void restablecer()}>
              Sí, restablecer el acceso
            </button>
            <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => setConfirmando(false)}>
              Cancelar
            </button>
          </div>
        </div>
      )}
      {enlace && (
        <div className="bo-secreto">
          <p>Le enviamos este enlace a {persona.correo}. Vale 48 horas y sirve una sola vez:</p>
          <p>
            <code>{enlace}</code>
          </p>
          <Copiar texto={enlace} etiqueta={`Copiar enlace de ${persona.nombre}`} />
        </div>
      )}
    </li>
  );
}
