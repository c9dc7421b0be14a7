/**
 * Maintainer tool, not part of start or build: renders the three demo social clips committed in
 * public/demo/sociales/ (a slow zoom over a generated social tile), with Debian's chromium and ffmpeg.
 * Run: node --import tsx scripts/make-demo-videos.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_HOME } from '../src/demo/catalogue.ts';
import { socialSvg } from '../src/demo/images/index.ts';

const work = mkdtempSync(join(tmpdir(), 'kbeauty-videos-'));
const out = 'public/demo/sociales';
mkdirSync(out, { recursive: true });
const titles = ['Rutina de noche en 60 s', 'Textura del sérum', 'Doble limpieza'];
const videos = DEMO_HOME.sociales.filter((item) => item.tipo === 'video');
videos.forEach((video, index) => {
  const svg = join(work, `v${index}.svg`);
  const png = join(work, `v${index}.png`);
  writeFileSync(
    svg,
    socialSvg({
      titulo: titles[index % titles.length]!,
      colores: index % 2 ? ['#e2ece9', '#3d8361'] : ['#fde2e4', '#c9184a'],
      indice: index + 11,
    }),
  );
  execFileSync(
    '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--hide-scrollbars',
      `--screenshot=${png}`,
      '--window-size=540,960',
      `file://${svg}`,
    ],
    { stdio: 'ignore' },
  );
  execFileSync(
    'ffmpeg',
    [
      '-y',
      '-loop',
      '1',
      '-i',
      png,
      '-vf',
      "scale=1080:1920,zoompan=z='min(zoom+0.0012,1.15)':d=120:x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':s=360x640:fps=24",
      '-t',
      '5',
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '90k',
      '-an',
      '-pix_fmt',
      'yuv420p',
      join(out, video.url.split('/').pop()!),
    ],
    { stdio: 'ignore' },
  );
  console.log(`${video.url} listo`);
});
