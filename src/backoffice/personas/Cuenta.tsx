import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { NOMBRE_ROL } from '../../lib/api/backoffice-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { Aviso, Pantalla } from '../marco/Pantalla.tsx';
import { usePersona } from '../marco/sesion.ts';
import AgregarPasskey from './AgregarPasskey.tsx';

/** 'Mi cuenta': who I am, my passkeys (add one), my recovery codes left, and signing out on every device. */
export default function Cuenta() {
  const persona = usePersona();
  const cliente = useCliente();
  const consultas = useQueryClient();
  const [aviso, setAviso] = useState<{ error?: string; ok?: string }>({});
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
        <p className="bo-nota">
          Te quedan {persona.codigosRestantes} {persona.codigosRestantes === 1 ? 'código' : 'códigos'} de recuperación.
        </p>
      </section>
      <section className="card" aria-labelledby="bo-passkeys">
        <h2 id="bo-passkeys">Llaves de acceso</h2>
        <p>
          {persona.passkeys === 0
            ? 'Aún no tienes llaves de acceso. Con una entras con tu huella, tu rostro o el PIN del equipo, sin escribir el código.'
            : `Tienes ${persona.passkeys} ${persona.passkeys === 1 ? 'llave de acceso' : 'llaves de acceso'}.`}
        </p>
        <AgregarPasskey />
      </section>
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
