import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { fetchCliente } from '../../lib/api/account-client.ts';
import { fileReclamo } from '../../lib/api/reclamos-client.ts';
import type { HojaRespuesta, TipoReclamo } from '../../lib/api/reclamos-schemas.ts';
import { formatFecha } from '../../lib/dates.ts';
import { fechaLima } from '../../lib/dates.ts';
import {
  conDatosDelCliente,
  cuerpoDe,
  formularioVacio,
  problemaDe,
  type FormularioReclamo,
  type ProblemaReclamo,
} from '../../lib/reclamos/formulario.ts';
import { pedidoDeBusqueda } from '../../lib/reclamos/pedido.ts';
import { $session, $token } from '../../stores/auth.ts';

const ERROR_ENVIO = 'No se pudo registrar tu hoja de reclamación. Intenta nuevamente.';

/**
 * The Libro de Reclamaciones form's state: the sheet as typed (prefilled from the customer's profile
 * and `?pedido=N` after mount), today's date, the refused field, the server's refusal and, once filed, the sheet and its copy.
 */
export function useReclamoForm() {
  const id = useId();
  const claims = useStore($session);
  const token = useStore($token);
  const [form, setForm] = useState<FormularioReclamo>(() => formularioVacio());
  const [hoy, setHoy] = useState('');
  const [prefilled, setPrefilled] = useState(false);
  const [problema, setProblema] = useState<ProblemaReclamo | null>(null);
  const [errorEnvio, setErrorEnvio] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [presentada, setPresentada] = useState<HojaRespuesta | null>(null);
  const campoId = (campo: keyof FormularioReclamo) => `${id}-${campo}`;

  // The date and the order number exist only in the browser (the page is built once, read any day from any link).
  useEffect(() => {
    setHoy(formatFecha(fechaLima(new Date())));
    const pedido = pedidoDeBusqueda(location.search);
    if (pedido) setForm((current) => ({ ...current, pedido }));
  }, []);

  const idUsuario = claims?.idUsuario;
  useEffect(() => {
    if (!idUsuario || !token) return;
    let live = true;
    fetchCliente(idUsuario, token)
      .then((cliente) => {
        if (!live) return;
        setForm((current) => conDatosDelCliente(current, cliente));
        setPrefilled(true);
      })
      // Without the profile the consumer types their data: the book never depends on the account.
      .catch((error: unknown) => console.error('No se pudieron cargar tus datos', error));
    return () => {
      live = false;
    };
  }, [idUsuario, token]);

  /** The setter of one field; typing in the refused field clears its message. */
  const set =
    <K extends keyof FormularioReclamo>(campo: K) =>
    (value: FormularioReclamo[K]) => {
      setForm((current) => ({ ...current, [campo]: value }));
      if (problema?.campo === campo) setProblema(null);
    };

  /** The message under a field, when it is the refused one. */
  const mensajeDe = (campo: keyof FormularioReclamo) => (problema?.campo === campo ? problema.mensaje : null);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setErrorEnvio(null);
    const encontrado = problemaDe(form);
    setProblema(encontrado);
    if (encontrado) {
      document.getElementById(campoId(encontrado.campo))?.focus();
      return;
    }
    setBusy(true);
    try {
      setPresentada(await fileReclamo(cuerpoDe(form as FormularioReclamo & { tipo: TipoReclamo }), token));
    } catch (error) {
      // ApiError carries the server's own mensaje (the field it refused, a rate limit); NetworkError says to check the connection.
      setErrorEnvio(error instanceof Error && error.message ? error.message : ERROR_ENVIO);
    } finally {
      setBusy(false);
    }
  };

  return { id, form, set, campoId, mensajeDe, problema, hoy, prefilled, errorEnvio, busy, presentada, submit };
}
