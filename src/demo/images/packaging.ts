/**
 * Drawings of the packaging shapes (Envase). Each drawing lives in an 800×800 space, centred on
 * x = 400 and standing on a floor at y = 680, so callers can place it with a transform.
 */
import type { Envase } from '../types.ts';
import { label, type PackCtx } from './label.ts';
import { darken, lighten, linGrad, mix, n } from './svg.ts';

export type { PackCtx } from './label.ts';

export interface Drawing {
  /** SVG markup of the drawing. */
  svg: string;
  /** Half width of the footprint on the floor, for the shadow. */
  half: number;
}

/** Gradients used by the drawings: b = body, c = cap, m = metal/mirror. */
export function packDefs(id: string, c1: string, c2: string): string {
  const cyl = (g: string, c: string) =>
    linGrad(g, 0, 0, 1, 0, [
      [0, darken(c, 0.16)],
      [0.2, lighten(c, 0.3)],
      [0.5, c],
      [0.85, darken(c, 0.08)],
      [1, darken(c, 0.26)],
    ]);
  return (
    cyl(`${id}b`, c1) +
    cyl(`${id}c`, c2) +
    linGrad(`${id}m`, 0, 0, 1, 1, [
      [0, '#fdfdfd'],
      [0.45, '#d9d6dc'],
      [0.55, '#f7f5f8'],
      [1, '#b9b5bd'],
    ])
  );
}

const hl = (x: number, y: number, h: number, w = 12) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w / 2}" fill="#fff" opacity=".42"/>`;

type Draw = (ctx: PackCtx) => Drawing;

const u = (ctx: PackCtx, g: string) => `url(#${ctx.id}${g})`;

const frasco: Draw = (c) => ({
  half: 110,
  svg:
    `<rect x="362" y="290" width="76" height="50" rx="8" fill="${u(c, 'b')}"/>` +
    `<rect x="300" y="326" width="200" height="354" rx="46" fill="${u(c, 'b')}"/>` +
    `<rect x="340" y="196" width="120" height="104" rx="14" fill="${u(c, 'c')}"/>` +
    `<rect x="340" y="282" width="120" height="6" fill="#000" opacity=".12"/>` +
    hl(316, 356, 300) +
    hl(352, 206, 80, 8) +
    label(c, 400, 418, 166, 196),
});

const tubo: Draw = (c) => {
  let ridges = '';
  for (let x = 298; x <= 502; x += 17) ridges += `M${x} 156v26`;
  return {
    half: 96,
    svg:
      `<path d="M292 180H508C503 330 482 500 468 592H332C318 500 297 330 292 180Z" fill="${u(c, 'b')}"/>` +
      `<rect x="284" y="148" width="232" height="40" rx="5" fill="${u(c, 'b')}"/>` +
      `<path d="${ridges}" stroke="#000" stroke-opacity=".1" stroke-width="3"/>` +
      `<rect x="330" y="584" width="140" height="96" rx="14" fill="${u(c, 'c')}"/>` +
      `<rect x="330" y="584" width="140" height="10" fill="#000" opacity=".1"/>` +
      hl(314, 200, 330) +
      label(c, 400, 236, 176, 240, { on: c.c1, size: 24 }),
  };
};

const pote: Draw = (c) => {
  let ridges = '';
  for (let x = 256; x <= 546; x += 10) ridges += `M${x} 472v26`;
  return {
    half: 160,
    svg:
      `<rect x="250" y="486" width="300" height="194" rx="30" fill="${u(c, 'b')}"/>` +
      `<rect x="236" y="388" width="328" height="114" rx="22" fill="${u(c, 'c')}"/>` +
      `<path d="${ridges}" stroke="#000" stroke-opacity=".09" stroke-width="3"/>` +
      `<rect x="256" y="398" width="288" height="12" rx="6" fill="#fff" opacity=".35"/>` +
      hl(264, 510, 150) +
      label(c, 410, 512, 232, 148, { lines: 2, size: 22 }),
  };
};

const gotero: Draw = (c) => ({
  half: 100,
  svg:
    `<path d="M374 300V232Q374 186 400 186Q426 186 426 232V300Z" fill="${darken(c.c2, 0.25)}"/>` +
    `<rect x="382" y="198" width="8" height="70" rx="4" fill="#fff" opacity=".3"/>` +
    `<rect x="350" y="292" width="100" height="82" rx="10" fill="${u(c, 'c')}"/>` +
    `<path d="M350 312h100M350 332h100M350 352h100" stroke="#000" stroke-opacity=".08" stroke-width="3"/>` +
    `<rect x="372" y="368" width="56" height="28" fill="${u(c, 'b')}"/>` +
    `<rect x="310" y="388" width="180" height="292" rx="38" fill="${u(c, 'b')}" opacity=".93"/>` +
    hl(324, 414, 240) +
    label(c, 400, 460, 150, 170),
});

const spray: Draw = (c) => {
  let mist = '';
  for (let i = 0; i < 7; i++)
    mist += `<circle cx="${340 - i * 14}" cy="${246 + ((i * 13) % 5) * 4 - 8}" r="${4 - i * 0.4}" fill="${c.c2}" opacity="${n(0.5 - i * 0.06)}"/>`;
  return {
    half: 92,
    svg:
      mist +
      `<rect x="374" y="214" width="56" height="70" rx="12" fill="${u(c, 'm')}"/>` +
      `<rect x="362" y="236" width="16" height="12" rx="4" fill="${darken(c.c2, 0.3)}"/>` +
      `<rect x="350" y="278" width="104" height="46" rx="10" fill="${u(c, 'c')}"/>` +
      `<rect x="318" y="316" width="168" height="364" rx="32" fill="${u(c, 'b')}"/>` +
      hl(332, 342, 310) +
      label(c, 402, 396, 140, 210, { size: 20 }),
  };
};

/** Crimped sachet edge from x1 to x2 (either direction) with teeth of depth d. */
function zigzag(x1: number, x2: number, y: number, d: number): string {
  let p = '';
  const step = x2 > x1 ? 8 : -8;
  for (let i = 1; i <= Math.abs(x2 - x1) / 8; i++) p += `L${x1 + i * step} ${i % 2 ? y + d : y}`;
  return p;
}

const sobre: Draw = (c) => ({
  half: 150,
  svg:
    `<g transform="rotate(-4 400 430)">` +
    `<path d="M264 176${zigzag(264, 536, 176, -6)}V684${zigzag(536, 264, 684, 6)}Z" fill="${u(c, 'b')}"/>` +
    `<rect x="264" y="176" width="272" height="34" fill="#fff" opacity=".22"/>` +
    `<rect x="264" y="650" width="272" height="34" fill="#000" opacity=".08"/>` +
    `<path d="M264 176L536 176L536 300L264 520Z" fill="#fff" opacity=".12"/>` +
    `<circle cx="400" cy="322" r="72" fill="${lighten(c.c2, 0.35)}"/>` +
    `<path d="M400 268C438 268 452 300 450 330C448 370 424 392 400 392C376 392 352 370 350 330C348 300 362 268 400 268Z" fill="#fff" opacity=".92"/>` +
    `<path d="M376 322h12M412 322h12M390 360q10 6 20 0" stroke="${darken(c.c2, 0.2)}" stroke-width="4" stroke-linecap="round" fill="none"/>` +
    label(c, 400, 420, 240, 210, { on: c.c1, size: 24 }) +
    `</g>`,
});

const barra: Draw = (c) => ({
  half: 150,
  svg:
    `<path d="M350 392V300Q350 284 366 280L432 258Q444 256 444 270V392Z" fill="${u(c, 'c')}"/>` +
    hl(362, 296, 86, 10) +
    `<rect x="340" y="380" width="114" height="50" rx="6" fill="${u(c, 'm')}"/>` +
    `<rect x="330" y="420" width="134" height="260" rx="18" fill="${u(c, 'b')}"/>` +
    hl(342, 436, 226, 10) +
    `<rect x="488" y="478" width="124" height="202" rx="18" fill="${u(c, 'b')}"/>` +
    `<rect x="488" y="478" width="124" height="16" rx="8" fill="#000" opacity=".1"/>` +
    hl(500, 500, 160, 10) +
    label(c, 397, 460, 118, 196, { size: 17 }),
});

const paleta: Draw = (c) => {
  let pans = '';
  const tones = [0, 0.35, 0.7, 1];
  for (let r = 0; r < 2; r++)
    for (let i = 0; i < 4; i++) {
      const w = 70 + r * 6;
      const x = 400 + (i - 1.5) * (w + 14 + r * 4);
      const tone = darken(mix(c.c1, c.c2, tones[i] ?? 0), r * 0.18);
      pans += `<ellipse cx="${n(x)}" cy="${496 + r * 54}" rx="${w / 2}" ry="${20 + r * 2}" fill="${tone}"/>`;
      pans += `<ellipse cx="${n(x - w / 6)}" cy="${490 + r * 54}" rx="${w / 6}" ry="5" fill="#fff" opacity=".35"/>`;
    }
  return {
    half: 215,
    svg:
      `<rect x="214" y="196" width="372" height="262" rx="24" fill="${u(c, 'c')}"/>` +
      `<rect x="236" y="218" width="328" height="218" rx="14" fill="${u(c, 'm')}"/>` +
      `<path d="M300 218h60L282 436h-46ZM380 218h26L328 436h-26Z" fill="#fff" opacity=".5"/>` +
      `<path d="M206 456H594L614 594H186Z" fill="${lighten(c.c1, 0.55)}"/>` +
      pans +
      `<rect x="186" y="588" width="428" height="92" rx="16" fill="${u(c, 'b')}"/>` +
      label(c, 400, 592, 400, 86, { on: c.c1, lines: 1, size: 20 }),
  };
};

const cushion: Draw = (c) => ({
  half: 225,
  svg:
    `<circle cx="400" cy="300" r="156" fill="${u(c, 'c')}"/>` +
    `<circle cx="400" cy="300" r="132" fill="${u(c, 'm')}"/>` +
    `<path d="M312 210l40-24L276 350l-12-30ZM370 178l22-4L296 388l-14-10Z" fill="#fff" opacity=".55"/>` +
    `<path d="M178 520V600A222 80 0 0 0 622 600V520Z" fill="${u(c, 'b')}"/>` +
    `<ellipse cx="400" cy="520" rx="222" ry="72" fill="${lighten(c.c1, 0.4)}"/>` +
    `<ellipse cx="400" cy="518" rx="176" ry="52" fill="${mix(lighten(c.c2, 0.55), '#f3d9c8', 0.5)}"/>` +
    `<ellipse cx="400" cy="512" rx="150" ry="40" fill="${lighten(c.c2, 0.75)}"/>` +
    `<rect x="380" y="496" width="40" height="16" rx="8" fill="${c.c2}" opacity=".7"/>` +
    label(c, 400, 586, 320, 74, { on: c.c1, lines: 1, size: 19 }),
});

const herramienta: Draw = (c) => ({
  half: 160,
  svg:
    `<rect x="250" y="150" width="300" height="530" rx="24" fill="${lighten(c.c1, 0.84)}" stroke="${lighten(c.c1, 0.55)}" stroke-width="3"/>` +
    `<path d="M250 218V174Q250 150 274 150H526Q550 150 550 174V218Z" fill="${u(c, 'b')}"/>` +
    `<rect x="370" y="170" width="60" height="16" rx="8" fill="${lighten(c.c1, 0.9)}"/>` +
    `<g transform="rotate(28 400 380)">` +
    `<rect x="387" y="360" width="26" height="190" rx="13" fill="${u(c, 'b')}"/>` +
    `<path d="M384 300h32l-3 66h-26Z" fill="${u(c, 'm')}"/>` +
    `<path d="M384 302C370 270 372 226 400 206C428 226 430 270 416 302Z" fill="${u(c, 'c')}"/>` +
    `<path d="M392 290C386 262 390 236 400 222" stroke="#fff" stroke-opacity=".45" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    `</g>` +
    `<path d="M312 376C284 416 282 460 314 470C346 478 362 440 338 376C330 356 320 360 312 376Z" fill="${lighten(c.c2, 0.45)}"/>` +
    `<path d="M302 430q4 22 18 28" stroke="#fff" stroke-opacity=".6" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    `<rect x="274" y="238" width="252" height="290" rx="34" fill="#fff" fill-opacity=".16" stroke="#fff" stroke-width="4"/>` +
    `<path d="M300 300L360 250M300 340L400 254" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".55"/>` +
    label(c, 400, 542, 256, 122, { lines: 2, size: 20 }),
});

const set: Draw = (c) => ({
  half: 196,
  svg:
    `<rect x="272" y="252" width="60" height="60" rx="10" fill="${u(c, 'c')}"/>` +
    `<rect x="250" y="300" width="104" height="200" rx="26" fill="${u(c, 'b')}"/>` +
    hl(262, 318, 140, 10) +
    `<rect x="442" y="212" width="112" height="30" rx="4" fill="${u(c, 'b')}"/>` +
    `<path d="M446 240H550C546 330 536 420 530 470H466C460 420 450 330 446 240Z" fill="${u(c, 'b')}"/>` +
    hl(458, 252, 150, 10) +
    `<rect x="358" y="360" width="80" height="60" rx="12" fill="${u(c, 'c')}"/>` +
    `<rect x="362" y="412" width="72" height="80" rx="14" fill="${lighten(c.c1, 0.6)}"/>` +
    `<rect x="214" y="450" width="372" height="58" rx="8" fill="${u(c, 'c')}"/>` +
    `<rect x="228" y="506" width="344" height="174" rx="6" fill="${lighten(c.c2, 0.55)}"/>` +
    `<rect x="228" y="506" width="344" height="12" fill="#000" opacity=".08"/>` +
    `<rect x="492" y="450" width="28" height="230" fill="${darken(c.c1, 0.1)}"/>` +
    `<path d="M506 452C470 410 440 420 458 446C470 462 490 458 506 452C522 458 542 462 554 446C572 420 542 410 506 452Z" fill="${darken(c.c1, 0.05)}"/>` +
    `<circle cx="506" cy="452" r="12" fill="${darken(c.c1, 0.2)}"/>` +
    label(c, 360, 530, 230, 130, { lines: 2, size: 20 }),
});

const DRAW: Record<Envase, Draw> = { frasco, tubo, pote, gotero, spray, sobre, barra, paleta, cushion, herramienta, set };

/** Every Envase value, in declaration order. */
export const ENVASES = Object.keys(DRAW) as Envase[];

/** The packaging drawing for `envase` (unknown values fall back to frasco). */
export function drawEnvase(envase: Envase, ctx: PackCtx): Drawing {
  return (DRAW[envase] ?? frasco)(ctx);
}

/** Brand name as printed on labels: single-spaced, uppercase. */
export const brandText = (marca: string): string => marca.replace(/\s+/g, ' ').trim().toUpperCase();
