import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { navigate } from 'wouter/use-browser-location';
import { NOMBRE_ROL } from '../../lib/api/backoffice-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fecha, fechaHora } from '../formato.ts';
import CodigosRecuperacion from '../invitacion/CodigosRecuperacion.tsx';
import { CONTRASENA_MINIMA } from '../invitacion/Invitacion.tsx';
import { Campo } from '../marco/Campo.tsx';
import { Aviso, Cargando, Pantalla } from '../marco/Pantalla.tsx';
import { ReautenticacionCancelada, useReautenticar } from '../marco/Reautenticar.tsx';
import { CLAVE_SESION, usePersona } from '../marco/sesion.ts';
import AgregarPasskey from './AgregarPasskey.tsx';

type Estado = { error?: string; ok?: string };
const CLAVE_PASSKEYS = ['mis-passkeys'] as const;

/** An error as the screen says it; a cancelled re-authentication says nothing. */
const avisoDe = (fallo: unknown): Estado => (fallo instanceof ReautenticacionCancelada ? {} : { error: mensajeDe(fallo) });

/**
 * 'Mi cuenta': who I am; my password (the current one and a fresh sign-in; my other sessions end); my
 * recovery codes (how many are left, ten fresh ones shown once); my passkeys (listed, added, removed);
 * and signing out on every device.
 */
export default function Cuenta() {
  const persona = usePersona();
  const cliente = useCliente();
  const consultas = useQueryClient();
  const [aviso, setAviso] = useState<Estado>({});
  const cerrarTodas = async () => {
    setAviso({});
    try {
      await cliente.signOutEverywhere();
      consultas.clear();
      navigate('/admin/ingresar', { replace: true });
    } catch (fallo) {
      setAviso({ error: mensajeDe(fallo) });
    }
  };
  return (
    <Pantalla titulo="Mi cuenta">
      <section className="card" aria-labelledby="bo-yo">
        <h2 id="bo-yo">{persona.nombre}</h2>
        <p>
          {persona.correo} · {NOMBRE_ROL[persona.rol]}
        </p>
      </section>
      <CambiarContrasena />
      <Codigos />
      <Passkeys />
      <section className="card" aria-labelledby="bo-sesiones">
        <h2 id="bo-sesiones">Sesiones</h2>
        <p>Si perdiste un equipo o ingresaste en uno ajeno, cierra todas tus sesiones. Tendrás que ingresar de nuevo aquí también.</p>
        <button type="button" className="btn btn--outline" onClick={() => void cerrarTodas()}>
          Cerrar sesión en todos los dispositivos
        </button>
        <Aviso error={aviso.error} ok={aviso.ok} />
      </section>
    </Pantalla>
  );
}

/** 'Cambiar contraseña': the current one, the new one twice; after a fresh sign-in. */
function CambiarContrasena() {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const conReautenticacion = useReautenticar();
  const [aviso, setAviso] = useState<Estado>({});
  const { register, handleSubmit, reset, formState } = useForm<{ actual: string; nueva: string; repetida: string }>({
    defaultValues: { actual: '', nueva: '', repetida: '' },
  });
  const cambiar = handleSubmit(async ({ actual, nueva }) => {
    setAviso({});
    try {
      const { mensaje } = await conReautenticacion(() => cliente.changePassword({ actual, nueva }));
      reset();
      setAviso({ ok: mensaje });
      await consultas.invalidateQueries({ queryKey: CLAVE_SESION });
    } catch (fallo) {
      setAviso(avisoDe(fallo));
    }
  });
  return (
    <section className="card" aria-labelledby="bo-contrasena">
      <h2 id="bo-contrasena">Contraseña</h2>
      <p className="bo-nota">Al cambiarla, se cierran tus sesiones en otros equipos; esta sigue abierta.</p>
      <form className="bo-form" onSubmit={(event) => void cambiar(event)} noValidate>
        <Campo
          etiqueta="Contraseña actual"
          type="password"
          autoComplete="current-password"
          required
          problema={formState.errors.actual?.message}
          {...register('actual', { required: 'Escribe tu contraseña actual.' })}
        />
        <Campo
          etiqueta="Nueva contraseña"
          type="password"
          autoComplete="new-password"
          required
          pista={`Al menos ${CONTRASENA_MINIMA} caracteres. Una frase que solo tú conozcas funciona bien; no uses el nombre de la tienda ni tu correo.`}
          problema={formState.errors.nueva?.message}
          {...register('nueva', {
            required: 'Escribe la nueva contraseña.',
            // The length here; the shop's name and the e-mail are the server's to check (its words come back as they are).
            minLength: { value: CONTRASENA_MINIMA, message: `La contraseña debe tener al menos ${CONTRASENA_MINIMA} caracteres.` },
          })}
        />
        <Campo
          etiqueta="Repite la nueva contraseña"
          type="password"
          autoComplete="new-password"
          required
          problema={formState.errors.repetida?.message}
          {...register('repetida', {
            required: 'Repite la nueva contraseña.',
            validate: (valor, { nueva }) => valor === nueva || 'Las contraseñas no coinciden.',
          })}
        />
        <button type="submit" className="btn" disabled={formState.isSubmitting}>
          Cambiar contraseña
        </button>
      </form>
      <Aviso error={aviso.error} ok={aviso.ok} />
    </section>
  );
}

/** 'Códigos de recuperación': how many are left; ten fresh ones (the old ones stop working), shown once. */
function Codigos() {
  const cliente = useCliente();
  const persona = usePersona();
  const consultas = useQueryClient();
  const conReautenticacion = useReautenticar();
  const [aviso, setAviso] = useState<Estado>({});
  const [nuevos, setNuevos] = useState<string[] | null>(null);
  const generar = async () => {
    setAviso({});
    try {
      const respuesta = await conReautenticacion(() => cliente.regenerateRecoveryCodes());
      setNuevos(respuesta.codigosRecuperacion);
      await consultas.invalidateQueries({ queryKey: CLAVE_SESION });
    } catch (fallo) {
      setAviso(avisoDe(fallo));
    }
  };
  const quedan = persona.codigosRestantes;
  return (
    <section className="card" aria-labelledby="bo-codigos">
      <h2 id="bo-codigos">Códigos de recuperación</h2>
      <p className={quedan <= 3 ? 'bo-aviso__error' : undefined}>
        Te {quedan === 1 ? 'queda' : 'quedan'} {quedan} {quedan === 1 ? 'código' : 'códigos'} de recuperación.
      </p>
      {nuevos ? (
        <CodigosRecuperacion
          codigos={nuevos}
          alSeguir={() => {
            setNuevos(null);
            setAviso({});
          }}
        />
      ) : (
        <>
          <p className="bo-nota">Si te quedan pocos o crees que alguien los vio, genera diez nuevos: los anteriores dejarán de servir.</p>
          <button type="button" className="btn btn--outline" onClick={() => void generar()}>
            Generar códigos nuevos
          </button>
        </>
      )}
      {/* The new codes' own message is said with them (CodigosRecuperacion); errors here. */}
      <Aviso error={aviso.error} />
    </section>
  );
}

/** 'Llaves de acceso': my passkeys with name, created and last use; add one, remove one (after a fresh sign-in). */
function Passkeys() {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const conReautenticacion = useReautenticar();
  const [aviso, setAviso] = useState<Estado>({});
  const lista = useQuery({ queryKey: CLAVE_PASSKEYS, queryFn: () => cliente.myPasskeys() });
  const recargar = () => consultas.invalidateQueries({ queryKey: CLAVE_PASSKEYS });
  const quitar = async (id: number) => {
    setAviso({});
    try {
      const { mensaje } = await conReautenticacion(() => cliente.removePasskey(id));
      setAviso({ ok: mensaje });
      await Promise.all([recargar(), consultas.invalidateQueries({ queryKey: CLAVE_SESION })]);
    } catch (fallo) {
      setAviso(avisoDe(fallo));
    }
  };
  return (
    <section className="card" aria-labelledby="bo-passkeys">
      <h2 id="bo-passkeys">Llaves de acceso</h2>
      {lista.isPending ? (
        <Cargando />
      ) : lista.isError ? (
        <p role="alert">{mensajeDe(lista.error)}</p>
      ) : lista.data.passkeys.length === 0 ? (
        <p>Aún no tienes llaves de acceso. Con una entras con tu huella, tu rostro o el PIN del equipo, sin escribir el código.</p>
      ) : (
        <ul className="bo-personas">
          {lista.data.passkeys.map((llave) => (
            <li key={llave.id} className="bo-persona">
              <p>
                <strong>{llave.nombre}</strong>
              </p>
              <p className="bo-nota">
                Agregada el {fecha(llave.creada)} · último uso {llave.ultimoUso ? fechaHora(llave.ultimoUso) : 'nunca'}
              </p>
              <button type="button" className="btn btn--outline bo-btn--sm" onClick={() => void quitar(llave.id)}>
                Quitar {llave.nombre}
              </button>
            </li>
          ))}
        </ul>
      )}
      <AgregarPasskey conNombre alAgregar={() => void recargar()} />
      <Aviso error={aviso.error} ok={aviso.ok} />
    </section>
  );
}
