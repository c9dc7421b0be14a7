import { PREGUNTAS, explicacion, type Pregunta, type Respuestas } from '../../lib/routine/builder.ts';
import { NIVELES, NIVELES_RUTINA } from '../../lib/routine/pasos.ts';
import { NIVELES_TEXTO } from '../../lib/routine/builder.ts';
import RoutineResult from './RoutineResult.tsx';
import { useRoutineBuilder, type Opciones, type Vista } from './useRoutineBuilder.ts';
import './routine.css';

const TITULOS: Record<Pregunta, { paso: string; pregunta: string; ayuda: string }> = {
  tipoPiel: {
    paso: 'Tipo de piel',
    pregunta: '¿Cómo es tu piel?',
    ayuda: 'Piensa en cómo se siente tu rostro unas horas después de lavarlo.',
  },
  grupoEdad: { paso: 'Edad', pregunta: '¿Cuál es tu rango de edad?', ayuda: 'Cada etapa de la piel tiene necesidades distintas.' },
  inquietudPiel: {
    paso: 'Inquietud',
    pregunta: '¿Qué te gustaría mejorar?',
    ayuda: 'Elige tu inquietud principal; la rutina se enfocará en ella.',
  },
  nivel: {
    paso: 'Nivel',
    pregunta: '¿Cuántos pasos quieres en tu rutina?',
    ayuda: 'Una rutina completa añadida al carrito lleva el descuento de su nivel.',
  },
};

const respuestaTexto = (respuestas: Respuestas, pregunta: Pregunta) =>
  pregunta === 'nivel' && respuestas.nivel ? NIVELES_RUTINA[respuestas.nivel].etiqueta : respuestas[pregunta];

/** The progress of the consultation: each question with its answer; an answered one can be revisited. */
function Progress({ respuestas, vista, onVer }: { respuestas: Respuestas; vista: Vista; onVer: (vista: Vista) => void }) {
  return (
    <ol className="rb-progress" aria-label="Pasos del creador de rutina">
      {PREGUNTAS.map((pregunta, index) => {
        const answer = respuestaTexto(respuestas, pregunta);
        const reachable = index === 0 || respuestas[PREGUNTAS[index - 1]!] !== undefined;
        return (
          <li
            key={pregunta}
            className={`rb-progress__step${answer ? ' rb-progress__step--done' : ''}${vista === pregunta ? ' rb-progress__step--current' : ''}`}
          >
            <button
              type="button"
              disabled={!reachable}
              aria-current={vista === pregunta ? 'step' : undefined}
              onClick={() => onVer(pregunta)}
            >
              <span className="rb-progress__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="rb-progress__text">
                <span className="rb-progress__label">{TITULOS[pregunta].paso}</span>
                <span className="rb-progress__answer">{answer ?? 'Por elegir'}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

/** One question's answers as large choice cards. */
function Choices({
  pregunta,
  opciones,
  respuestas,
  onElegir,
}: {
  pregunta: Exclude<Pregunta, 'nivel'>;
  opciones: Opciones;
  respuestas: Respuestas;
  onElegir: (valor: string) => void;
}) {
  const lista = opciones[pregunta];
  if (lista.length === 0)
    return <p className="card rb-empty">No pudimos cargar las opciones. Recarga la página para intentarlo de nuevo.</p>;
  return (
    <div className={`rb-choices rb-choices--${pregunta}`} role="group" aria-label={TITULOS[pregunta].pregunta}>
      {lista.map((valor) => (
        <button
          key={valor}
          type="button"
          className="rb-choice"
          aria-pressed={respuestas[pregunta] === valor}
          onClick={() => onElegir(valor)}
        >
          <span className="rb-choice__name">{valor}</span>
          {pregunta === 'tipoPiel' && explicacion(valor) && <span className="rb-choice__hint">{explicacion(valor)}</span>}
        </button>
      ))}
    </div>
  );
}

/** The level's cards (steps and bundle discount) and the optional ingredients to avoid. */
function Levels({
  respuestas,
  alergias,
  onAlergias,
  onElegir,
}: {
  respuestas: Respuestas;
  alergias: string;
  onAlergias: (value: string) => void;
  onElegir: (valor: string) => void;
}) {
  return (
    <>
      <div className="rb-choices rb-choices--nivel" role="group" aria-label={TITULOS.nivel.pregunta}>
        {NIVELES.map((nivel) => {
          const { etiqueta, pasos, descuento } = NIVELES_RUTINA[nivel];
          return (
            <button
              key={nivel}
              type="button"
              className="rb-choice rb-level"
              aria-pressed={respuestas.nivel === nivel}
              onClick={() => onElegir(nivel)}
            >
              <span className="rb-choice__name">{etiqueta}</span>
              <span className="rb-level__facts">
                {pasos} pasos · {descuento > 0 ? `${descuento}% de descuento` : 'sin descuento'}
              </span>
              <span className="rb-choice__hint">{NIVELES_TEXTO[nivel]}</span>
            </button>
          );
        })}
      </div>
      <label className="rb-allergies">
        <span>¿Algún ingrediente que prefieras evitar? (opcional)</span>
        <input
          type="text"
          value={alergias}
          maxLength={200}
          placeholder="Ej.: fragancia, alcohol"
          onChange={(event) => onAlergias(event.target.value)}
        />
      </label>
    </>
  );
}

/**
 * The routine builder /Creador_de_piel (checkout §2): a guided consultation through skin type, age
 * group, concern and level, then the recommended routine to add product by product or whole.
 */
export default function RoutineBuilder() {
  const builder = useRoutineBuilder();
  const { opciones, respuestas, vista, conteo } = builder;
  return (
    <div className="rb">
      <Progress respuestas={respuestas} vista={vista} onVer={builder.ver} />
      {conteo !== null && (
        <p className="rb-count" role="status" aria-busy={builder.contando} data-testid="conteo-productos">
          <strong>{conteo}</strong> {conteo === 1 ? 'producto coincide' : 'productos coinciden'} con tu piel
        </p>
      )}
      {vista === 'rutina' ? (
        <RoutineResult builder={builder} />
      ) : (
        <section className="card rb-question" aria-labelledby="rb-pregunta">
          <p className="rb-question__step">
            Paso {PREGUNTAS.indexOf(vista) + 1} de {PREGUNTAS.length}
          </p>
          <h2 id="rb-pregunta" className="rb-question__title">
            {TITULOS[vista].pregunta}
          </h2>
          <p className="rb-question__help">{TITULOS[vista].ayuda}</p>
          {vista === 'nivel' ? (
            <Levels
              respuestas={respuestas}
              alergias={builder.alergias}
              onAlergias={builder.setAlergias}
              onElegir={(valor) => builder.elegir('nivel', valor)}
            />
          ) : opciones ? (
            <Choices pregunta={vista} opciones={opciones} respuestas={respuestas} onElegir={(valor) => builder.elegir(vista, valor)} />
          ) : (
            <div className="rb-choices rb-choices--loading" aria-busy="true">
              <span className="visually-hidden">Cargando opciones…</span>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
