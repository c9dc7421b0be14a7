/**
 * One value per page, whichever copy of this code asks first. The product page's buy box runs as a classic
 * script of its own, before the page's modules (decision 0238), and carries its own copy of the stores and
 * dialog helpers it uses; the modules carry theirs. Each store, and each piece of page-wide state (the open
 * modals, the alerts' queue), is made once and kept on `window` under its name, so both copies share it: a line
 * the buy box adds is the header's, a dialog either opens stacks with the other's.
 *
 * Outside a browser (the build's server render) there is no page to share with: `create` runs each time.
 */
export function shared<T>(name: string, create: () => T): T {
  if (typeof window === 'undefined') return create();
  const page = window as unknown as { kbCompartido?: Record<string, unknown> };
  const values = (page.kbCompartido ??= {});
  if (!(name in values)) values[name] = create();
  return values[name] as T;
}
