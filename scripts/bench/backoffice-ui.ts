/**
 * When is the back office usable on the owner's phone (issue 36: "usable within 2 s under the bench's
 * mobile throttling")? Under the bench's two mobile throttlings, both through CDP with 4× CPU: the one of
 * 'Agregar al carrito' (add-to-cart.ts: Lighthouse's "applied" slow 4G, 562.5 ms added to every request,
 * 1.47 Mbps), and Lighthouse's default one, whose figures the storefront's budgets use (its simulated
 * slow 4G: 150 ms round trip, 1.6 Mbps; applied here per request, so without its model of connection
 * setup). A 390 px phone, a fresh context per run (empty cache); from navigation start until:
 * - /admin/ingresar: the 'Correo' field is visible and enabled (the app rendered its sign-in form);
 * - /admin/ signed in (the session cookie of an owner signed in through the API, backoffice-sesion.ts):
 *   the sales figures ('Hoy': its amount) show;
 * - /admin/pedidos signed in: the first order of the list shows (a card at 390 px, a row at 1280 px).
 * Playwright with CDP rather than Lighthouse user flows: the moment is an element of a client-rendered
 * app, which no Lighthouse metric names (LCP would take the largest paint, maybe a heading drawn before
 * the data), and the bench's own 'Agregar al carrito' figure is taken this way, so both read alike.
 *
 * Standalone: `node --import tsx scripts/bench/backoffice-ui.ts http://127.0.0.1:4321 <operator token> [runs]`
 * (the shop's orders list needs orders for its figure).
 */
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';
import { COOKIE_SESION } from '../../src/server/personal/sesiones.ts';
import { THROTTLING, throttle, type Throttling } from './add-to-cart.ts';
import { sesionDeDueno } from './backoffice-sesion.ts';

/** The target: usable within 2 s. */
export const BACKOFFICE_USABLE_BUDGET_S = 2;

/** A mobile throttling: 4× CPU, and each request's added latency and the link's speed. */
export interface Perfil extends Throttling {
  nombre: string;
  /** For the summary's lines. */
  corto: string;
}

export const PERFILES: Perfil[] = [
  {
    nombre: "the 'Agregar al carrito' throttling (Lighthouse's applied slow 4G: 562.5 ms per request, 1.47 Mbps)",
    corto: 'applied slow 4G',
    ...THROTTLING,
  },
  {
    nombre: "Lighthouse's default throttling (its simulated slow 4G: 150 ms round trip, 1.6 Mbps)",
    corto: "Lighthouse's default slow 4G",
    cpuRate: 4,
    latencyMs: 150,
    downloadKbps: 1638.4,
    uploadKbps: 750,
  },
];

export interface PantallaBackoffice {
  nombre: string;
  path: string;
  /** ms from navigation start until the screen was usable, per run. */
  runs: number[];
  median: number;
  worst: number;
  /** The slowest run's requests: path, start and end (ms from navigation start). */
  cadena: string;
}

// Runs in the page before its scripts: records (performance.now()) the first moment `listo()` holds,
// checked on every DOM change (the app's renders) and on a slow timer besides.
const watch = (condicion: string) => `(() => {
  const listo = () => { ${condicion} };
  const visible = (el) => !!el && el.checkVisibility() && el.getBoundingClientRect().height > 0;
  const check = () => {
    if (window.__listo !== undefined) return;
    let ok = false;
    try { ok = listo(); } catch { ok = false; }
    if (ok) { window.__listo = performance.now(); observer.disconnect(); }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const timer = () => { check(); if (window.__listo === undefined) setTimeout(timer, 50); };
  timer();
})();`;

const PANTALLAS: { nombre: string; path: string; sesion: boolean; condicion: string }[] = [
  {
    nombre: "sign-in (/admin/ingresar): 'Correo' visible and enabled",
    path: '/admin/ingresar',
    sesion: false,
    condicion: `const label = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === 'Correo');
      const input = label && label.control;
      return visible(input) && !input.disabled;`,
  },
  {
    nombre: 'home (/admin/), signed in: sales figures shown',
    path: '/admin/',
    sesion: true,
    condicion: `const monto = document.querySelector('.bo-ventas__monto');
      return visible(monto) && monto.textContent.includes('S/');`,
  },
  {
    nombre: 'orders (/admin/pedidos), signed in: first order shown',
    path: '/admin/pedidos',
    sesion: true,
    condicion: `return visible(document.querySelector('.bo-tarjetas > li, .bo-tabla tbody tr'));`,
  },
];

/** Signs an owner in through the API, then loads each screen `runs` times under mobile throttling. */
export async function measureBackofficeUi(
  base: string,
  token: string,
  { runs = 5, perfil = PERFILES[0]!, browser }: { runs?: number; perfil?: Perfil; browser?: Browser } = {},
): Promise<PantallaBackoffice[]> {
  const own = browser ?? (await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS }));
  try {
    const { cookie } = await sesionDeDueno(base, token);
    const resultados: PantallaBackoffice[] = [];
    for (const pantalla of PANTALLAS) {
      const corridas: { listo: number; cadena: string }[] = [];
      for (let i = 0; i < runs; i++) corridas.push(await once(own, base, pantalla, perfil, pantalla.sesion ? cookie : undefined));
      const tiempos = corridas.map((corrida) => corrida.listo);
      const ordenados = [...tiempos].sort((a, b) => a - b);
      resultados.push({
        nombre: pantalla.nombre,
        path: pantalla.path,
        runs: tiempos,
        median: ordenados[Math.floor(ordenados.length / 2)]!,
        worst: ordenados.at(-1)!,
        cadena: corridas.find((corrida) => corrida.listo === ordenados.at(-1))!.cadena,
      });
    }
    return resultados;
  } finally {
    if (!browser) await own.close();
  }
}

async function once(
  browser: Browser,
  base: string,
  pantalla: (typeof PANTALLAS)[number],
  perfil: Perfil,
  cookie: string | undefined,
): Promise<{ listo: number; cadena: string }> {
  // A fresh context per run: empty HTTP cache, only the session cookie (HttpOnly; Secure; SameSite=Strict; Path=/admin, as the shop sets it).
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    if (cookie)
      await context.addCookies([
        {
          name: COOKIE_SESION,
          value: cookie,
          domain: new URL(base).hostname,
          path: '/admin',
          httpOnly: true,
          secure: true,
          sameSite: 'Strict',
        },
      ]);
    const page = await context.newPage();
    await throttle(page, perfil);
    await page.addInitScript(watch(pantalla.condicion));
    await page.goto(base + pantalla.path, { waitUntil: 'commit' });
    await page
      .waitForFunction(() => (window as { __listo?: number }).__listo !== undefined, null, { timeout: 60_000, polling: 250 })
      .catch(async (error: unknown) => {
        throw new Error(`${pantalla.path} no llegó a estar lista (${page.url()}): ${String(error)}`);
      });
    return await page.evaluate(() => {
      const listo = (window as unknown as { __listo: number }).__listo;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const pasos = [
        ...(nav ? [`página 0–${nav.responseEnd.toFixed(0)}`] : []),
        ...performance
          .getEntriesByType('resource')
          .map((r) => r as PerformanceResourceTiming)
          .filter((r) => r.startTime <= listo)
          .map((r) => `${new URL(r.name).pathname.replace(/^\/_astro\//, '')} ${r.startTime.toFixed(0)}–${r.responseEnd.toFixed(0)}`),
      ];
      return { listo, cadena: pasos.join(', ') };
    });
  } finally {
    await context.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, token, runs] = process.argv.slice(2);
  if (!base || !token) throw new Error('Uso: node --import tsx scripts/bench/backoffice-ui.ts URL TOKEN [corridas]');
  for (const perfil of PERFILES)
    for (const r of await measureBackofficeUi(base, token, { runs: Number(runs ?? 5), perfil }))
      console.log(
        `${perfil.nombre}: ${r.nombre}: median ${r.median.toFixed(0)} ms, worst ${r.worst.toFixed(0)} ms (${r.runs.map((ms) => ms.toFixed(0)).join(', ')})\n  ${r.cadena}`,
      );
}
