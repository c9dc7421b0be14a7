import { useCallback, useEffect, useState } from 'react';
import {
  contarProductosPiel,
  fetchGruposEdad,
  fetchInquietudes,
  fetchRutinaRecomendada,
  fetchTiposPiel,
} from '../../lib/api/routine-client.ts';
import type { RutinaRecomendada } from '../../lib/api/routine-schemas.ts';
import {
  categoriasConStock,
  filtrosDe,
  indicesIniciales,
  otraAlternativa,
  preguntaActual,
  responder,
  type Indices,
  type Pregunta,
  type Respuestas,
} from '../../lib/routine/builder.ts';
import { NIVELES_RUTINA, type NivelRutina } from '../../lib/routine/pasos.ts';

/** The answers each question offers, from the catalogue. */
export interface Opciones {
  tipoPiel: string[];
  grupoEdad: string[];
  inquietudPiel: string[];
}

/** The routine's state: none asked yet, loading, shown, or empty (nothing matched, or it failed). */
export type EstadoRutina = { kind: 'ninguna' } | { kind: 'cargando' } | { kind: 'lista'; rutina: RutinaRecomendada } | { kind: 'vacia' };

/** Where the builder is: a question, or the routine once every question is answered. */
export type Vista = Pregunta | 'rutina';

/** Loads a filter list; a failure is only logged (checkout §8) and leaves the list empty. */
const cargarLista = (load: () => Promise<string[]>, nombre: string) =>
  load().catch((error: unknown) => (console.error(`No se pudieron cargar ${nombre}`, error), [] as string[]));

/**
 * The routine builder's state (checkout §2): the lists, the answers (an earlier answer resets the
 * later ones), the product count refreshed at each answer, and the routine with the alternative
 * shown for each step and the selected step.
 */
export function useRoutineBuilder() {
  const [opciones, setOpciones] = useState<Opciones | null>(null);
  const [respuestas, setRespuestas] = useState<Respuestas>({});
  const [vista, setVista] = useState<Vista>('tipoPiel');
  const [alergias, setAlergias] = useState('');
  const [conteo, setConteo] = useState<number | null>(null);
  const [contando, setContando] = useState(false);
  const [estado, setEstado] = useState<EstadoRutina>({ kind: 'ninguna' });
  const [indices, setIndices] = useState<Indices>({});
  const [categoria, setCategoria] = useState<string | null>(null);

  useEffect(() => {
    void Promise.all([
      cargarLista(fetchTiposPiel, 'los tipos de piel'),
      cargarLista(fetchGruposEdad, 'los grupos de edad'),
      cargarLista(fetchInquietudes, 'las inquietudes'),
    ]).then(([tipoPiel, grupoEdad, inquietudPiel]) => setOpciones({ tipoPiel, grupoEdad, inquietudPiel }));
  }, []);

  // Each answer refreshes the count of matching products; a failure counts 0 (checkout §8).
  const { tipoPiel, grupoEdad, inquietudPiel } = respuestas;
  useEffect(() => {
    if (!tipoPiel) {
      setConteo(null);
      return;
    }
    const controller = new AbortController();
    setContando(true);
    const timer = setTimeout(() => {
      contarProductosPiel(filtrosDe({ tipoPiel, grupoEdad, inquietudPiel }, alergias), controller.signal)
        .then(setConteo)
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('No se pudo contar los productos', error);
          setConteo(0);
        })
        .finally(() => !controller.signal.aborted && setContando(false));
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [tipoPiel, grupoEdad, inquietudPiel, alergias]);

  const pedirRutina = useCallback(
    async (answers: Respuestas, nivel: NivelRutina) => {
      setEstado({ kind: 'cargando' });
      try {
        const rutina = await fetchRutinaRecomendada(filtrosDe(answers, alergias), NIVELES_RUTINA[nivel].pasos);
        const conStock = categoriasConStock(rutina);
        // Choosing the level resets each step's index to 0 and selects the first step (checkout §2).
        setIndices(indicesIniciales(rutina));
        setCategoria(conStock[0] ?? null);
        setEstado(conStock.length > 0 ? { kind: 'lista', rutina } : { kind: 'vacia' });
      } catch (error) {
        console.error('No se pudo obtener la rutina recomendada', error);
        setEstado({ kind: 'vacia' });
      }
    },
    [alergias],
  );

  /** Answers a question: a different answer forgets the later ones; the level fetches the routine. */
  const elegir = useCallback(
    (pregunta: Pregunta, valor: string) => {
      const next = respuestas[pregunta] === valor ? respuestas : responder(respuestas, pregunta, valor);
      setRespuestas(next);
      if (next !== respuestas) setEstado({ kind: 'ninguna' });
      const siguiente = preguntaActual(next);
      setVista(siguiente ?? 'rutina');
      if (pregunta === 'nivel') void pedirRutina(next, valor as NivelRutina);
    },
    [respuestas, pedirRutina],
  );

  /** Shows a question already answered (or the next one), without forgetting anything yet. */
  const ver = useCallback((pregunta: Vista) => setVista(pregunta), []);

  const alternativa = useCallback(
    (cat: string, paso: 1 | -1) => {
      if (estado.kind === 'lista') setIndices((current) => otraAlternativa(current, estado.rutina, cat, paso));
    },
    [estado],
  );

  return {
    opciones,
    respuestas,
    vista,
    ver,
    elegir,
    alergias,
    setAlergias,
    conteo,
    contando,
    estado,
    indices,
    categoria,
    setCategoria,
    alternativa,
  };
}
