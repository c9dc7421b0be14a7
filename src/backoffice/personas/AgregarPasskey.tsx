import { startRegistration } from '@simplewebauthn/browser';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { Campo } from '../marco/Campo.tsx';
import { Aviso } from '../marco/Pantalla.tsx';
import { useReautenticar } from '../marco/Reautenticar.tsx';
import { CLAVE_SESION } from '../marco/sesion.ts';

/**
 * 'Agregar llave de acceso': the browser creates a passkey with the shop's options; the shop keeps it for
 * the signed-in person. With `conNombre`, an optional name to tell it apart later ('Celular', 'Laptop').
 */
export default function AgregarPasskey({ alAgregar, conNombre = false }: { alAgregar?: () => void; conNombre?: boolean }) {
  const cliente = useCliente();
  const consultas = useQueryClient();
  const conReautenticacion = useReautenticar();
  const [aviso, setAviso] = useState<{ error?: string; ok?: string }>({});
  const [ocupado, setOcupado] = useState(false);
  const [nombre, setNombre] = useState('');
  const agregar = async () => {
    setAviso({});
    setOcupado(true);
    try {
      // Adding a passkey wants a fresh sign-in: asked here when it is not (the enrolment right after follows within it).
      const opciones = await conReautenticacion(() => cliente.passkeyEnrolOptions());
      const respuesta = await startRegistration({ optionsJSON: opciones });
      const { mensaje } = await (nombre.trim() ? cliente.enrolPasskey(respuesta, nombre.trim()) : cliente.enrolPasskey(respuesta));
      setNombre('');
      setAviso({ ok: mensaje });
      await consultas.invalidateQueries({ queryKey: CLAVE_SESION });
      alAgregar?.();
    } catch (fallo) {
      setAviso({
        error:
          fallo instanceof Error && fallo.name === 'NotAllowedError'
            ? 'Se canceló la llave de acceso. Puedes intentarlo otra vez.'
            : mensajeDe(fallo),
      });
    } finally {
      setOcupado(false);
    }
  };
  return (
    <>
      {conNombre && (
        <Campo
          etiqueta="Nombre de la llave (opcional)"
          pista="Por ejemplo: Celular, Laptop de la tienda."
          maxLength={40}
          autoComplete="off"
          value={nombre}
          onChange={(event) => setNombre(event.target.value)}
        />
      )}
      <button type="button" className="btn" onClick={() => void agregar()} disabled={ocupado}>
        Agregar llave de acceso
      </button>
      <Aviso error={aviso.error} ok={aviso.ok} />
    </>
  );
}
