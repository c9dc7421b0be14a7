import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { pedirAvisoStock } from '../../lib/api/avisos-client.ts';
import { serverMessage } from '../../lib/api/request.ts';
import { $token, $user } from '../../stores/auth.ts';

/** A light check before asking the API (which validates for real): something@something.something. */
const PARECE_CORREO = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * 'Avísame cuando llegue' (issue 25): on a sold-out product, below the disabled add button, a visitor
 * leaves an e-mail to be told when it is back; a signed-in customer just clicks (the account's address
 * is used). The answer, good or bad, is read out from an aria-live region.
 */
export default function AvisoStock({ productoId }: { productoId: number }) {
  const token = useStore($token);
  const user = useStore($user);
  const id = useId();
  const [correo, setCorreo] = useState('');
  const [enviando, setEnviando] = useState(false);
  const [respuesta, setRespuesta] = useState<{ ok: boolean; texto: string } | null>(null);

  const enviar = async (event: FormEvent) => {
    event.preventDefault();
    const valor = correo.trim();
    if (!user && !PARECE_CORREO.test(valor)) {
      setRespuesta({ ok: false, texto: valor ? 'Ingresa un correo electrónico válido.' : 'Ingresa tu correo electrónico para avisarte.' });
      return;
    }
    setEnviando(true);
    setRespuesta(null);
    try {
      const texto = await pedirAvisoStock(user ? { productoId } : { productoId, correo: valor }, user ? token : undefined);
      setRespuesta({ ok: true, texto });
    } catch (error) {
      setRespuesta({
        ok: false,
        texto: serverMessage(error) ?? (error instanceof Error ? error.message : 'No pudimos registrar tu aviso. Intenta nuevamente.'),
      });
    } finally {
      setEnviando(false);
    }
  };

  return (
    <form className="aviso-stock" noValidate onSubmit={(event) => void enviar(event)} aria-labelledby={`${id}-titulo`}>
      <p id={`${id}-titulo`} className="aviso-stock__titulo">
        ¿Lo quieres? Te avisamos por correo cuando vuelva.
      </p>
      {user ? (
        <p className="aviso-stock__cuenta">
          Te escribiremos a <strong>{user.correo}</strong>.
        </p>
      ) : (
        <>
          <label htmlFor={`${id}-correo`} className="aviso-stock__label">
            Tu correo electrónico
          </label>
          <input
            id={`${id}-correo`}
            className="aviso-stock__input"
            type="email"
            name="correo"
            autoComplete="email"
            inputMode="email"
            placeholder="tu@correo.com"
            maxLength={254}
            value={correo}
            aria-invalid={respuesta?.ok === false || undefined}
            onChange={(event) => {
              setCorreo(event.target.value);
              if (respuesta?.ok === false) setRespuesta(null);
            }}
          />
        </>
      )}
      <button type="submit" className="btn aviso-stock__boton" disabled={enviando || respuesta?.ok === true}>
        {enviando ? 'Enviando…' : 'Avísame cuando llegue'}
      </button>
      <p
        className={`aviso-stock__respuesta${respuesta?.ok === false ? ' aviso-stock__respuesta--error' : ''}`}
        aria-live="polite"
        role="status"
      >
        {respuesta?.texto}
      </p>
    </form>
  );
}
