import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { NOMBRE_ROL, type InscripcionConfirmada, type InscripcionTotp } from '../../lib/api/backoffice-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fechaHora } from '../formato.ts';
import { Campo, CODIGO_TOTP } from '../marco/Campo.tsx';
import { Aviso, Cargando, Pantalla } from '../marco/Pantalla.tsx';
import AgregarPasskey from '../personas/AgregarPasskey.tsx';
import CodigosRecuperacion from './CodigosRecuperacion.tsx';

/** The shortest password the shop accepts for its staff (the API checks it too, with the shop's name and the e-mail). */
export const CONTRASENA_MINIMA = 12;

/** A TOTP secret as people type it: groups of four ('JBSW Y3DP EHPK 3PXP'). */
export const enGrupos = (secreto: string) =>
  secreto
    .replace(/\s+/g, '')
    .match(/.{1,4}/g)
    ?.join(' ') ?? '';

/** An SVG document as an image address: drawn by the browser as a picture, never as the page's markup. */
export const imagenSvg = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** A sentence's end after a time that may already end in a period ('11:38 p. m.'): one period, never two. */
const conPunto = (texto: string) => (texto.endsWith('.') ? texto : `${texto}.`);

type Paso =
  | { paso: 'datos' }
  | { paso: 'totp'; inscripcion: InscripcionTotp }
  | { paso: 'codigos'; confirmada: InscripcionConfirmada }
  | { paso: 'passkey' };

/** The invitation (/admin/invitacion?token=…): name and password, the authenticator app, the recovery codes, then an optional passkey. */
export default function Invitacion() {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const invitacion = useQuery({ queryKey: ['invitacion', token], queryFn: () => cliente.invitation(token), enabled: token !== '' });
  const [estado, setEstado] = useState<Paso>({ paso: 'datos' });
  const [error, setError] = useState<string | null>(null);
  const alPanel = () => {
    void consultas.invalidateQueries();
    navigate('/admin', { replace: true });
  };
  return (
    <main id="contenido" className="bo-solo">
      <Pantalla titulo="Tu cuenta en el panel">
        {!token ? (
          <p role="alert">Este enlace no tiene invitación. Pide a la dueña o el dueño de la tienda que te invite de nuevo.</p>
        ) : invitacion.isPending ? (
          <Cargando />
        ) : invitacion.isError ? (
          <p role="alert">{mensajeDe(invitacion.error)}</p>
        ) : (
          <>
            {invitacion.data.restablecimiento ? (
              <p>
                Restablecieron tu acceso a la cuenta <strong>{invitacion.data.correo}</strong>: elige una contraseña nueva y vuelve a
                activar tu código de verificación. El enlace vence el {conPunto(fechaHora(invitacion.data.expira))}
              </p>
            ) : (
              <p>
                Te invitaron como <strong>{NOMBRE_ROL[invitacion.data.rol]}</strong> con el correo <strong>{invitacion.data.correo}</strong>
                . La invitación vence el {conPunto(fechaHora(invitacion.data.expira))}
              </p>
            )}
            <ol className="bo-pasos-alta" aria-label="Pasos">
              {['Tus datos', 'App de autenticación', 'Códigos de recuperación', 'Llave de acceso'].map((nombre, indice) => (
                <li key={nombre} aria-current={['datos', 'totp', 'codigos', 'passkey'][indice] === estado.paso ? 'step' : undefined}>
                  {nombre}
                </li>
              ))}
            </ol>
            {estado.paso === 'datos' && (
              <Datos
                nombre={invitacion.data.nombre}
                alError={setError}
                alSeguir={async ({ nombre, contrasena }) => {
                  setError(null);
                  try {
                    setEstado({ paso: 'totp', inscripcion: await cliente.acceptInvitation(token, { nombre, contrasena }) });
                  } catch (fallo) {
                    setError(mensajeDe(fallo));
                  }
                }}
              />
            )}
            {estado.paso === 'totp' && (
              <Totp
                inscripcion={estado.inscripcion}
                alSeguir={async (codigo) => {
                  setError(null);
                  try {
                    setEstado({
                      paso: 'codigos',
                      confirmada: await cliente.confirmTotp(token, { inscripcion: estado.inscripcion.inscripcion, codigo }),
                    });
                  } catch (fallo) {
                    setError(mensajeDe(fallo));
                  }
                }}
              />
            )}
            {estado.paso === 'codigos' && (
              <CodigosRecuperacion codigos={estado.confirmada.codigosRecuperacion} alSeguir={() => setEstado({ paso: 'passkey' })} />
            )}
            {estado.paso === 'passkey' && (
              <section aria-labelledby="bo-alta-passkey">
                <h2 id="bo-alta-passkey">Agregar llave de acceso (opcional)</h2>
                <p>Con una llave de acceso entras con tu huella, tu rostro o el PIN de este equipo, sin escribir el código de la app.</p>
                <AgregarPasskey />
                <p>
                  <button type="button" className="btn btn--outline" onClick={alPanel}>
                    Ir al panel
                  </button>
                </p>
              </section>
            )}
            <Aviso error={error} />
          </>
        )}
      </Pantalla>
    </main>
  );
}

function Datos({
  alSeguir,
  nombre: nombreActual = '',
}: {
  alSeguir: (datos: { nombre: string; contrasena: string }) => Promise<void>;
  alError: (mensaje: string | null) => void;
  /** The account's name when the link resets an existing account's access. */
  nombre?: string;
}) {
  const { register, handleSubmit, formState } = useForm({ defaultValues: { nombre: nombreActual, contrasena: '' } });
  const enviar = handleSubmit(async ({ nombre, contrasena }) => alSeguir({ nombre: nombre.trim(), contrasena }));
  return (
    <form className="bo-form" onSubmit={(event) => void enviar(event)} noValidate>
      <Campo
        etiqueta="Tu nombre"
        autoComplete="name"
        required
        problema={formState.errors.nombre?.message}
        {...register('nombre', { validate: (nombre) => nombre.trim() !== '' || 'Escribe tu nombre.' })}
      />
      <Campo
        etiqueta="Contraseña"
        type="password"
        autoComplete="new-password"
        pista={`Al menos ${CONTRASENA_MINIMA} caracteres. Una frase que solo tú conozcas funciona bien; no uses el nombre de la tienda ni tu correo.`}
        required
        minLength={CONTRASENA_MINIMA}
        problema={formState.errors.contrasena?.message}
        {...register('contrasena', {
          minLength: { value: CONTRASENA_MINIMA, message: `La contraseña debe tener al menos ${CONTRASENA_MINIMA} caracteres.` },
          required: `La contraseña debe tener al menos ${CONTRASENA_MINIMA} caracteres.`,
        })}
      />
      <button type="submit" className="btn" disabled={formState.isSubmitting}>
        Continuar
      </button>
    </form>
  );
}

function Totp({ inscripcion, alSeguir }: { inscripcion: InscripcionTotp; alSeguir: (codigo: string) => Promise<void> }) {
  const { register, handleSubmit, formState } = useForm({ defaultValues: { codigo: '' } });
  const enviar = handleSubmit(async ({ codigo }) => alSeguir(codigo.trim()));
  return (
    <section aria-labelledby="bo-alta-totp">
      <h2 id="bo-alta-totp">Tu app de autenticación</h2>
      <p>Abre tu app (Google Authenticator, Microsoft Authenticator, 1Password…) y escanea este código, o escribe la clave.</p>
      <img
        className="bo-qr"
        src={imagenSvg(inscripcion.qrSvg)}
        alt="Código QR para agregar K-Beauty Perú a tu app de autenticación"
        width={200}
        height={200}
      />
      <p>
        Clave: <code className="bo-clave-totp">{enGrupos(inscripcion.secreto)}</code>
      </p>
      <form className="bo-form" onSubmit={(event) => void enviar(event)} noValidate>
        <Campo
          etiqueta="Código de la app"
          pista="Los 6 números que muestra tu app ahora."
          {...CODIGO_TOTP}
          required
          problema={formState.errors.codigo?.message}
          {...register('codigo', {
            pattern: { value: /^\s*\d{6}\s*$/, message: 'El código tiene 6 números.' },
            required: 'Escribe el código de tu app.',
          })}
        />
        <button type="submit" className="btn" disabled={formState.isSubmitting}>
          Confirmar
        </button>
      </form>
    </section>
  );
}
