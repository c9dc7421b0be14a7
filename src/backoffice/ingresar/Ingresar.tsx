import { startAuthentication } from '@simplewebauthn/browser';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import type { SesionRespuesta } from '../../lib/api/backoffice-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { Campo, CODIGO_TOTP } from '../marco/Campo.tsx';
import { destinoSeguro } from '../marco/ConSesion.tsx';
import { Aviso, Pantalla } from '../marco/Pantalla.tsx';
import { CLAVE_SESION } from '../marco/sesion.ts';

/** The second step: the half-done sign-in and whether a passkey may finish it. */
interface Desafio {
  desafio: string;
  passkey: boolean;
}

/** 'Ingresar': e-mail and password, then the authenticator's code, a recovery code or a passkey. */
export default function Ingresar() {
  const consultas = useQueryClient();
  const volver = new URLSearchParams(useSearch()).get('volver');
  const [paso, setPaso] = useState<Desafio | null>(null);
  const [error, setError] = useState<string | null>(null);
  const entrar = (sesion: SesionRespuesta) => {
    consultas.clear();
    consultas.setQueryData(CLAVE_SESION, sesion);
    navigate(destinoSeguro(volver), { replace: true });
  };
  return (
    <main id="contenido" className="bo-solo">
      <Pantalla titulo="Ingresar al panel">
        {paso ? (
          <SegundoPaso paso={paso} alEntrar={entrar} alError={setError} alVolver={() => setPaso(null)} />
        ) : (
          <PrimerPaso
            alSeguir={(siguiente) => {
              setError(null);
              setPaso(siguiente);
            }}
            alError={setError}
          />
        )}
        <Aviso error={error} />
        {!paso && volver && <p className="bo-nota">Ingresa para continuar donde estabas.</p>}
      </Pantalla>
    </main>
  );
}

function PrimerPaso({ alSeguir, alError }: { alSeguir: (paso: Desafio) => void; alError: (mensaje: string | null) => void }) {
  const cliente = useCliente();
  const { register, handleSubmit, formState } = useForm({ defaultValues: { correo: '', contrasena: '' } });
  const enviar = handleSubmit(async ({ correo, contrasena }) => {
    alError(null);
    try {
      alSeguir(await cliente.signIn(correo.trim(), contrasena));
    } catch (fallo) {
      alError(mensajeDe(fallo));
    }
  });
  return (
    <form className="bo-form" onSubmit={(event) => void enviar(event)} noValidate>
      <Campo
        etiqueta="Correo"
        type="email"
        autoComplete="username"
        required
        problema={formState.errors.correo?.message}
        {...register('correo', { required: 'Escribe tu correo.' })}
      />
      <Campo
        etiqueta="Contraseña"
        type="password"
        autoComplete="current-password"
        required
        problema={formState.errors.contrasena?.message}
        {...register('contrasena', { required: 'Escribe tu contraseña.' })}
      />
      <button type="submit" className="btn" disabled={formState.isSubmitting}>
        Continuar
      </button>
    </form>
  );
}

function SegundoPaso({
  paso,
  alEntrar,
  alError,
  alVolver,
}: {
  paso: Desafio;
  alEntrar: (sesion: SesionRespuesta) => void;
  alError: (mensaje: string | null) => void;
  alVolver: () => void;
}) {
  const cliente = useCliente();
  const [recuperacion, setRecuperacion] = useState(false);
  const [conPasskey, setConPasskey] = useState(false);
  const { register, handleSubmit, formState, reset, setFocus } = useForm({ defaultValues: { codigo: '' } });
  // The step (or the kind of code) just changed: the code's field is where the person types next.
  useEffect(() => setFocus('codigo'), [recuperacion, setFocus]);
  const enviar = handleSubmit(async ({ codigo }) => {
    alError(null);
    try {
      alEntrar(await cliente.verifySignIn(paso.desafio, codigo.trim()));
    } catch (fallo) {
      alError(mensajeDe(fallo));
    }
  });
  const usarPasskey = async () => {
    alError(null);
    setConPasskey(true);
    try {
      const opciones = await cliente.passkeySignInOptions(paso.desafio);
      const respuesta = await startAuthentication({ optionsJSON: opciones });
      alEntrar(await cliente.passkeySignIn(paso.desafio, respuesta));
    } catch (fallo) {
      alError(
        fallo instanceof Error && fallo.name === 'NotAllowedError'
          ? 'Se canceló la llave de acceso. Puedes usar tu código.'
          : mensajeDe(fallo),
      );
    } finally {
      setConPasskey(false);
    }
  };
  return (
    <>
      <form className="bo-form" onSubmit={(event) => void enviar(event)} noValidate>
        {recuperacion ? (
          <Campo
            key="recuperacion"
            etiqueta="Código de recuperación"
            pista="Uno de los 10 códigos que guardaste al crear tu cuenta. Cada uno sirve una sola vez."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            problema={formState.errors.codigo?.message}
            {...register('codigo', { required: 'Escribe un código de recuperación.' })}
          />
        ) : (
          <Campo
            key="totp"
            etiqueta="Código de verificación"
            pista="Los 6 números que muestra tu app de autenticación."
            {...CODIGO_TOTP}
            required
            problema={formState.errors.codigo?.message}
            {...register('codigo', {
              required: 'Escribe el código de tu app.',
              pattern: { value: /^\s*\d{6}\s*$/, message: 'El código tiene 6 números.' },
            })}
          />
        )}
        <button type="submit" className="btn" disabled={formState.isSubmitting}>
          Ingresar
        </button>
      </form>
      <div className="bo-alternativas">
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            reset({ codigo: '' });
            setRecuperacion((antes) => !antes);
          }}
        >
          {recuperacion ? 'Usar el código de mi app' : 'Usar un código de recuperación'}
        </button>
        {paso.passkey && (
          <button type="button" className="btn btn--outline" onClick={() => void usarPasskey()} disabled={conPasskey}>
            Usar llave de acceso (passkey)
          </button>
        )}
        <button type="button" className="btn btn--ghost" onClick={alVolver}>
          Cambiar de cuenta
        </button>
      </div>
    </>
  );
}
