import axe from 'axe-core';

/** axe's violations on the page, as axe.test.tsx runs it (layout-bound rules left to the browser journeys: happy-dom draws nothing). */
export async function violaciones() {
  document.documentElement.lang = 'es-PE';
  const resultado = await axe.run(document, { rules: { 'color-contrast': { enabled: false }, region: { enabled: true } } });
  return resultado.violations.map((violacion) => `${violacion.id}: ${violacion.nodes.map((nodo) => nodo.html).join(' | ')}`);
}
