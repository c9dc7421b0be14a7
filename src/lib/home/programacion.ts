/**
 * When a scheduled banner or top-strip message shows (issue 37, decision 0199): from `desde` included to
 * `hasta` excluded, null meaning no limit. Free of zod and of the islands' code: the home's inlined
 * scripts use it.
 */
export function vigente(item: { desde?: string | null; hasta?: string | null }, ahora: Date | number = Date.now()): boolean {
  const t = typeof ahora === 'number' ? ahora : ahora.getTime();
  return (!item.desde || Date.parse(item.desde) <= t) && (!item.hasta || Date.parse(item.hasta) > t);
}

/** Whether an element carrying a scheduled item's run (data-desde, data-hasta) shows now, by the visitor's clock. */
export const enCursoAhora = (elemento: HTMLElement, ahora = Date.now()) =>
  vigente({ desde: elemento.dataset.desde ?? null, hasta: elemento.dataset.hasta ?? null }, ahora);
