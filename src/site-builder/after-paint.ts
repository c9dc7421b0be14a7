/**
 * Paint first, then JavaScript. A storefront page's scripts (its own modules, Astro's island runtime
 * and the import chains of its `client:load` islands) are not in its HTML as tags any more: one inline
 * script lists them and asks for them once the page's main image has painted, all at once (the chains
 * as modulepreloads, so a chain costs one round trip, not one per level).
 *
 * Why: a script the browser fetches before the largest paint competes with that paint for the phone's
 * link, and Lighthouse counts every module request that finished before it into the page's LCP. The same
 * page measured 1.3 s or 1.65 s depending on whether headless Chromium's first frame came before or after
 * the scripts; without them before the paint, 1.0–1.1 s in every run (decision 0229).
 *
 * "Painted": the browser has reported the largest contentful paint of one of the page's
 * `fetchpriority="high"` images (the home's first banner, a product's photo, a listing's first card) or of
 * what a `data-principal` element shows (a page whose main content is text: the empty cart's state), or, on a
 * page whose main content is images only, one shown after they were loaded and decoded; a page without any
 * waits for its first such report. The report is the paint as shown, which a frame callback is not: headless
 * Chromium runs a page's frame callbacks long before it shows the frame. A browser without the report (Safari) waits for a frame after
 * the images were decoded. A shopper who touches the page first gets the scripts at once, and a stalled
 * image holds them no longer than {@link HOLD_MS}.
 *
 * The loader watches for the report from where it stands in the page (the header), not from the end of parsing:
 * on a phone the rest of the page is still parsed and laid out for 0.2–0.3 s after the photo has painted. What
 * needs the whole document waits for it: the modules (Astro's scripts are deferred by nature), the island runtime
 * and the chains' preloads are added once parsing is done.
 *
 * The product page's own classic script (its buy box, decision 0238) is the exception to "after": its head preloads
 * it at low priority, and the loader runs it first once the paint is reported, while the rest of the page may still
 * be parsed (it sets up the buy box once the parser is past it, the rest at DOMContentLoaded); a held tap inside a
 * part whose script has marked it ready (`data-listo`) is replayed then, not after every module.
 *
 * A tap is never lost to the wait: a tap on a button (or a tab) before the page's modules have run, or
 * inside an island that has not hydrated yet (Astro keeps its `ssr` attribute until then), is held back
 * and tapped again on the same button once they have, or once its island has hydrated (React hydrates a
 * root at once for a click, so its handler answers). A button outside the islands is the modules' alone,
 * so its tap does not wait for Astro's island runtime (a classic script, often the last to arrive over a
 * phone's few connections): 'Agregar al carrito' tapped at the first paint answers when the buy box does. Only the last held tap is replayed (two taps on a toggle would undo each other);
 * links and the submit button of a form with an `action` are left to the browser, which needs no script
 * for them (a form without one, the 'Avísame' form for one, is the script's and waits like a button).
 */

/** Longest the scripts wait for the main image (a stalled photo must not leave the buy box dead). */
export const HOLD_MS = 2500;

/**
 * How long after the largest paint's report the scripts start. The browser's trace records that paint up to
 * about 25 ms after a page's observer hears of it, and a script run before the trace's paint counts into
 * Lighthouse's LCP (decision 0238): the wait keeps every run's scripts after it.
 */
export const SETTLE_MS = 50;

/**
 * How often the loader looks for the largest paint's report while it waits for it. Chromium hands a page's
 * performance observers their entries in a task of low priority, which runs only once the page has nothing else
 * to do: while a phone still parses and lays out the rest of the page, the photo's report reached the observer
 * 0.2–0.3 s after Chromium had made it. The observer's `takeRecords()` has it as soon as it is made.
 */
export const POLL_MS = 20;

/**
 * The loader, an inline classic script: its text is fixed at build time, so its hash is one of the
 * CSP's (build-scripts.ts); the URLs are its own data attributes, which the hash does not cover.
 */
export const AFTER_PAINT_SCRIPT =
  '(()=>{const me=document.currentScript,list=(k)=>(me.dataset[k]||"").split(" ").filter(Boolean);let go=false,pending=0,held=null;' +
  'const add=(tag,props)=>document.head.append(Object.assign(document.createElement(tag),props));' +
  'const replay=()=>{if(!held||(pending&&!held.closest("[data-listo]")))return;const t=held;held=null;setTimeout(()=>t.click())};' +
  'const ran=()=>{pending--;replay()};' +
  'const run=(props)=>{pending++;add("script",{...props,onload:ran,onerror:ran})};' +
  'const parsed=(f)=>document.readyState==="loading"?addEventListener("DOMContentLoaded",f,{once:true}):f();' +
  'const start=()=>{if(go)return;go=true;pending++;' +
  'for(const src of list("own"))run({src});' +
  'parsed(()=>{for(const href of list("preload"))add("link",{rel:"modulepreload",href});' +
  'for(const src of list("classic"))add("script",{src});' +
  'for(const src of list("modules"))run({type:"module",src});ran()})};' +
  'for(const type of ["pointerdown","keydown","touchstart"])addEventListener(type,start,{once:true,passive:true});' +
  'addEventListener("click",(e)=>{const b=e.target.closest?.("button,[role=button],[role=tab]");' +
  'if(!b||(b.type==="submit"&&b.form?.hasAttribute("action")))return;const i=b.closest("astro-island[ssr]");if(!i&&(go&&!pending||b.closest("[data-listo]")))return;' +
  'e.preventDefault();e.stopImmediatePropagation();start();' +
  'if(!i){held=b;return}if(!i.tap)i.addEventListener("astro:hydrate",()=>i.tap.click(),{once:true});i.tap=b},true);' +
  'const lcp=PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint"),' +
  'principal="img[fetchpriority=high],[data-principal]:not([hidden])",reports=[];let main=null,decoded=Infinity;' +
  'const fits=(e)=>e.element?.closest?.(principal)||main&&(!main.length||e.startTime>=decoded);' +
  `const seen=(entries)=>{for(const e of entries){reports.push(e);if(fits(e))setTimeout(start,${SETTLE_MS})}};` +
  'if(lcp){const o=new PerformanceObserver((l)=>seen(l.getEntries()));o.observe({type:"largest-contentful-paint",buffered:true});' +
  `const poll=()=>{if(go)return;seen(o.takeRecords());setTimeout(poll,${POLL_MS})};poll()}` +
  `parsed(()=>{setTimeout(start,${HOLD_MS});main=[...document.querySelectorAll(principal)];` +
  'const images=main.filter((m)=>m instanceof HTMLImageElement);' +
  'const whenLoaded=(i)=>i.complete?Promise.resolve():new Promise((done)=>{for(const type of ["load","error"])i.addEventListener(type,done,{once:true})});' +
  'Promise.all(images.map((i)=>whenLoaded(i).then(()=>i.decode()).catch(()=>{})))' +
  '.then(()=>{if(images.length===main.length)decoded=performance.now();if(!lcp)requestAnimationFrame(()=>setTimeout(start))});' +
  `if(reports.some(fits))setTimeout(start,${SETTLE_MS})})})()`;

/**
 * What a page asks for after its paint: classic scripts (Astro's island runtime), the page's own classic scripts
 * (the product page's, decision 0238), module scripts, and modules to preload.
 */
export interface AfterPaint {
  classic: string[];
  own?: string[];
  modules: string[];
  preload: string[];
}

/** The loader's tag for these scripts. */
function afterPaintTag({ classic, own = [], modules, preload }: AfterPaint): string {
  const attribute = (name: string, urls: string[]) => (urls.length ? ` data-${name}="${urls.join(' ')}"` : '');
  return `<script${attribute('classic', classic)}${attribute('own', own)}${attribute('modules', modules)}${attribute('preload', preload)}>${AFTER_PAINT_SCRIPT}</script>`;
}

/**
 * A page's own classic scripts: `<script src="…" data-own>` in its HTML. The loader runs them first, like its
 * modules (a tap waits for them), and the head asks for them at once at low priority (ownScriptPreloads).
 */
export function ownScriptUrls(html: string): string[] {
  return [...html.matchAll(SCRIPT_TAG)].filter(([tag]) => /\sdata-own[\s>=]/.test(tag)).map(([, src]) => src!);
}

/**
 * The preloads of a page's own classic scripts, at the end of its head: fetched beside the stylesheet and the
 * photo, at low priority so neither waits for them, and run from the cache once the photo has painted. Lighthouse
 * finds a classic script's run in the trace, after the paint, and so leaves it out of the LCP (decision 0238).
 */
const ownScriptPreloads = (html: string, own: string[]) =>
  own.length === 0
    ? html
    : html.replace('</head>', `${own.map((url) => `<link rel="preload" as="script" fetchpriority="low" href="${url}">`).join('')}</head>`);

/** A script tag with a `src`, and that URL. */
const SCRIPT_TAG = /<script\b[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g;

/**
 * The page with the tags of these scripts taken out of its HTML and handed to one loader, in the place
 * of the first of them. A page without any of them is returned unchanged.
 */
export function paintFirst(html: string, scripts: AfterPaint): string {
  const own = scripts.own ?? [];
  const taken = new Set([...scripts.classic, ...own, ...scripts.modules]);
  if (taken.size === 0) return html;
  const loader = afterPaintTag({ ...scripts, preload: [...new Set(scripts.preload)] });
  let first = true;
  const moved = html.replace(SCRIPT_TAG, (tag, src: string) => (!taken.has(src) ? tag : first ? ((first = false), loader) : ''));
  return ownScriptPreloads(moved, own);
}
