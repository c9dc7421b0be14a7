import { useId, useState } from 'react';
import { RESENAS } from '../../lib/tienda.ts';
import { Texto } from '../marco/Campo.tsx';

/** The choice that means "none of the preset reasons: I type it". */
const OTRO = 'otro';

/** The reason as sent: a preset alone, a preset with its detail ('Preset: detalle'), or the typed one; or why not yet. */
export function motivoElegido(preset: string, detalle: string): { motivo: string } | { problema: string } {
  const escrito = detalle.trim();
  if (!preset) return { problema: 'Elige un motivo o escribe otro.' };
  if (preset === OTRO) {
    if (!escrito) return { problema: 'Escribe el motivo.' };
    if (escrito.length < RESENAS.motivoMinimo) return { problema: `El motivo debe tener al menos ${RESENAS.motivoMinimo} caracteres.` };
    return { motivo: escrito };
  }
  return { motivo: escrito ? `${preset}: ${escrito}` : preset };
}

/**
 * The reason for rejecting or hiding one review: the shop's usual reasons (RESENAS.motivosModeracion) or
 * another typed, with an optional detail; says what will happen before it does.
 */
export function FormularioMotivo({
  accion,
  autor,
  conFoto,
  ocupada,
  alConfirmar,
  alCancelar,
}: {
  accion: 'rechazar' | 'ocultar';
  autor: string;
  conFoto: boolean;
  ocupada: boolean;
  alConfirmar: (motivo: string) => void;
  alCancelar: () => void;
}) {
  const nombre = useId();
  const [preset, setPreset] = useState('');
  const [detalle, setDetalle] = useState('');
  const [problema, setProblema] = useState<string | null>(null);
  const rechazar = accion === 'rechazar';
  const enviar = () => {
    const elegido = motivoElegido(preset, detalle);
    if ('problema' in elegido) return setProblema(elegido.problema);
    setProblema(null);
    alConfirmar(elegido.motivo);
  };
  return (
    <form
      className="bo-resena-motivo"
      noValidate
      onSubmit={(evento) => {
        evento.preventDefault();
        enviar();
      }}
    >
      <fieldset>
        <legend>{rechazar ? `¿Por qué rechazas la reseña de ${autor}?` : `¿Por qué ocultas la reseña de ${autor}?`}</legend>
        {[...RESENAS.motivosModeracion, OTRO].map((valor) => (
          <label key={valor} className="bo-casilla">
            <input
              type="radio"
              name={nombre}
              value={valor}
              checked={preset === valor}
              onChange={() => {
                setPreset(valor);
                setProblema(null);
              }}
            />
            {valor === OTRO ? 'Otro motivo' : valor}
          </label>
        ))}
        <Texto
          etiqueta={preset === OTRO ? 'Motivo' : 'Detalle (opcional)'}
          rows={2}
          maxLength={RESENAS.motivoMaximo}
          value={detalle}
          problema={problema}
          onChange={(evento) => {
            setDetalle(evento.target.value);
            setProblema(null);
          }}
        />
      </fieldset>
      <p className="bo-nota">
        {rechazar
          ? `No se publicará${conFoto ? ' y su foto se borra' : ''}. Le enviaremos un correo con este motivo.`
          : 'Deja de verse en la página del producto; podrás volver a mostrarla desde «Ocultas».'}
      </p>
      <div className="bo-acciones">
        <button type="submit" className="btn bo-btn--sm" disabled={ocupada}>
          {rechazar ? 'Rechazar y avisar' : 'Ocultar'}
        </button>
        <button type="button" className="btn btn--ghost bo-btn--sm" onClick={alCancelar}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
