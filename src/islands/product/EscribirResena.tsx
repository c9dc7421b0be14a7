import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { enviarResena } from '../../lib/api/resenas-client.ts';
import { MENSAJES_RESENA } from '../../lib/api/resenas-rules.ts';
import { serverMessage } from '../../lib/api/request.ts';
import {
  cuerpoResena,
  largo,
  megasFoto,
  problemaFoto,
  problemasResena,
  TIPOS_FOTO,
  type FormularioResena,
  type ProblemaResena,
} from '../../lib/resenas/formulario.ts';
import { RESENAS } from '../../lib/tienda.ts';
import { $token } from '../../stores/auth.ts';
import { FieldFrame } from '../../ui/TextField.tsx';

/** What each number of stars says beside the choice. */
const PALABRAS = ['No me gustó', 'Regular', 'Está bien', 'Me gusta', '¡Me encanta!'] as const;

const VACIO: FormularioResena = { estrellas: 0, titulo: '', texto: '' };

/** Reads a picked photo as a data: URL (the body carries it as base64). */
const leerFoto = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('No se pudo leer la foto.'));
    reader.readAsDataURL(file);
  });

/**
 * The review form (issue 25): stars as a radio group (arrow keys move the choice), a title and a text
 * with their counters, an optional photo. The browser's checks use the server's rules and messages; a
 * refusal shows the server's own words; a review sent hands `onEnviada` the shop's thanks.
 */
export default function EscribirResena({ idProducto, onEnviada }: { idProducto: number; onEnviada: (mensaje: string) => void }) {
  const token = useStore($token);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<FormularioResena>(VACIO);
  const [problemas, setProblemas] = useState<ProblemaResena[]>([]);
  const [rechazo, setRechazo] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  const problema = (campo: ProblemaResena['campo']) => problemas.find((p) => p.campo === campo)?.mensaje ?? null;
  const cambiar = (cambios: Partial<FormularioResena>) => {
    setForm((actual) => ({ ...actual, ...cambios }));
    const campos = Object.keys(cambios);
    setProblemas((actuales) => actuales.filter((p) => !campos.includes(p.campo)));
    setRechazo(null);
  };

  const elegirFoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return cambiar({ foto: undefined });
    const mal = problemaFoto(file);
    if (mal) {
      event.target.value = '';
      cambiar({ foto: undefined });
      setProblemas((actuales) => [...actuales, { campo: 'foto', mensaje: mal }]);
      return;
    }
    try {
      cambiar({ foto: await leerFoto(file) });
    } catch {
      setProblemas((actuales) => [...actuales, { campo: 'foto', mensaje: MENSAJES_RESENA.fotoInvalida }]);
    }
  };

  const quitarFoto = () => {
    cambiar({ foto: undefined });
    const input = formRef.current?.querySelector<HTMLInputElement>('input[type="file"]');
    if (input) {
      input.value = '';
      input.focus();
    }
  };

  const enviar = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const encontrados = [...problemasResena(form), ...problemas.filter((p) => p.campo === 'foto')];
    setProblemas(encontrados);
    if (encontrados.length > 0) {
      formRef.current?.querySelector<HTMLElement>(`[data-campo="${encontrados[0]!.campo}"]`)?.focus();
      return;
    }
    if (!token) return;
    setEnviando(true);
    setRechazo(null);
    try {
      const { mensaje } = await enviarResena(cuerpoResena(idProducto, form), token);
      onEnviada(mensaje || MENSAJES_RESENA.recibida);
    } catch (error) {
      setRechazo(serverMessage(error) ?? (error instanceof Error ? error.message : 'No pudimos enviar tu reseña. Intenta nuevamente.'));
    } finally {
      setEnviando(false);
    }
  };

  const estrellasProblema = problema('estrellas');
  return (
    <form ref={formRef} className="resena-form" noValidate onSubmit={(event) => void enviar(event)} aria-labelledby={`${id}-titulo-form`}>
      <h3 id={`${id}-titulo-form`} className="resena-form__titulo">
        Escribe tu reseña
      </h3>
      <fieldset
        className="resena-form__estrellas"
        role="radiogroup"
        aria-invalid={estrellasProblema ? true : undefined}
        aria-describedby={estrellasProblema ? `${id}-estrellas-problema` : undefined}
      >
        <legend className="auth-field__label">Tu calificación</legend>
        <div className="resena-rating">
          {PALABRAS.map((palabra, index) => {
            const valor = index + 1;
            return (
              <span key={valor} className="resena-rating__opcion">
                <input
                  type="radio"
                  className="resena-rating__input visually-hidden"
                  id={`${id}-estrella-${valor}`}
                  name="estrellas"
                  value={valor}
                  checked={form.estrellas === valor}
                  data-campo={valor === 1 ? 'estrellas' : undefined}
                  onChange={() => cambiar({ estrellas: valor })}
                />
                <label
                  htmlFor={`${id}-estrella-${valor}`}
                  className={`resena-rating__estrella${valor <= form.estrellas ? ' is-llena' : ''}`}
                  title={palabra}
                >
                  <span aria-hidden="true">★</span>
                  <span className="visually-hidden">
                    {valor} {valor === 1 ? 'estrella' : 'estrellas'}: {palabra}
                  </span>
                </label>
              </span>
            );
          })}
          <span className="resena-rating__palabra" aria-hidden="true">
            {form.estrellas > 0 ? PALABRAS[form.estrellas - 1] : 'Elige de 1 a 5 estrellas'}
          </span>
        </div>
        {estrellasProblema && (
          <p id={`${id}-estrellas-problema`} className="auth-field__problem" role="alert">
            {estrellasProblema}
          </p>
        )}
      </fieldset>

      <FieldFrame
        id={`${id}-titulo`}
        label="Título"
        hint={`${largo(form.titulo)}/${RESENAS.tituloMaximo} caracteres`}
        problem={problema('titulo')}
      >
        {(aria) => (
          <input
            {...aria}
            id={`${id}-titulo`}
            className="auth-field__input"
            data-campo="titulo"
            name="titulo"
            placeholder="Resume tu experiencia"
            value={form.titulo}
            onChange={(event) => cambiar({ titulo: event.target.value })}
          />
        )}
      </FieldFrame>

      <FieldFrame
        id={`${id}-texto`}
        label="Tu reseña"
        hint={`${largo(form.texto)}/${RESENAS.textoMaximo} caracteres (mínimo ${RESENAS.textoMinimo})`}
        problem={problema('texto')}
      >
        {(aria) => (
          <textarea
            {...aria}
            id={`${id}-texto`}
            className="auth-field__input resena-form__texto"
            data-campo="texto"
            name="texto"
            rows={5}
            placeholder="¿Cómo te funcionó? ¿Para qué tipo de piel lo recomiendas?"
            value={form.texto}
            onChange={(event) => cambiar({ texto: event.target.value })}
          />
        )}
      </FieldFrame>

      <FieldFrame id={`${id}-foto`} label="Foto (opcional)" hint={`JPEG, PNG o WebP, hasta ${megasFoto()}`} problem={problema('foto')}>
        {(aria) => (
          <div className="resena-form__foto">
            <input
              {...aria}
              id={`${id}-foto`}
              type="file"
              data-campo="foto"
              name="foto"
              accept={TIPOS_FOTO.join(',')}
              onChange={(event) => void elegirFoto(event)}
            />
            {form.foto && (
              <span className="resena-form__vista">
                <img src={form.foto} alt="Vista previa de tu foto" width={64} height={64} />
                <button type="button" className="btn btn--ghost resena-form__quitar" onClick={quitarFoto}>
                  Quitar foto
                </button>
              </span>
            )}
          </div>
        )}
      </FieldFrame>

      {rechazo && (
        <p className="resena-form__rechazo" role="alert">
          {rechazo}
        </p>
      )}
      <p className="resena-form__nota">Publicaremos tu reseña con tu nombre y la inicial de tu apellido cuando la revisemos.</p>
      <button type="submit" className="btn resena-form__enviar" disabled={enviando}>
        {enviando ? 'Enviando…' : 'Enviar reseña'}
      </button>
    </form>
  );
}
