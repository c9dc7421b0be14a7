/** The `p` percentile (0.5 the median, 0.95 the p95) of samples sorted ascending: the nearest-rank value. */
export const percentil = (ordenadas: number[], p: number) =>
  ordenadas[Math.min(ordenadas.length - 1, Math.ceil(p * ordenadas.length) - 1)]!;

/** The samples sorted ascending, in a new array. */
export const ordenadas = (muestras: number[]) => [...muestras].sort((a, b) => a - b);
