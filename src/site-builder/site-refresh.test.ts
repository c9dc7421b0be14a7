import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '../server/mail/mailer.ts';
import { avisoPorCorreo, siteRefresher } from './site-refresh.ts';

describe('npm start’s site refresh', () => {
  let dist: string;
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kbeauty-refresh-'));
    dist = join(root, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'version.json'), '{"version":1}');
    writeFileSync(join(dist, 'index.html'), '<h1>Tienda del catálogo 1</h1>');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A shop whose catalogue is at `version`, whose builds fail while `failing` (as Astro does on a brand named 'A/B'). */
  function shop() {
    const state = {
      version: 1,
      failing: true,
      builds: [] as number[],
      log: [] as string[],
      failures: [] as string[],
      mails: [] as { asunto: string; texto: string }[],
    };
    const refresh = siteRefresher({
      distDir: dist,
      catalogueVersion: async () => state.version,
      isStale: (_dir, version) => JSON.parse(readFileSync(join(dist, 'version.json'), 'utf8')).version !== version,
      build: async (version) => {
        state.builds.push(version);
        if (state.failing) throw new Error('astro build terminó con el código 1.\n[GetStaticPathsRequired] Missing parameter: marca');
        writeFileSync(join(dist, 'version.json'), JSON.stringify({ version }));
      },
      log: (line) => state.log.push(line),
      logFailure: (line) => state.failures.push(line),
      notify: async (asunto, texto) => void state.mails.push({ asunto, texto }),
    });
    return { state, refresh };
  }

  it('a failed build keeps the last good site, is told once (log and e-mail) and is not retried until the catalogue changes', async () => {
    const { state, refresh } = shop();
    state.version = 2;
    for (let tick = 0; tick < 10; tick++) await refresh();
    expect(state.builds).toEqual([2]);
    expect(state.failures).toHaveLength(1);
    expect(state.failures[0]).toMatch(
      /^No se pudo construir la tienda con el catálogo 2: astro build terminó con el código 1\.\n\[GetStaticPathsRequired\] Missing parameter: marca/,
    );
    expect(state.failures[0]).toContain(`se sigue sirviendo el último sitio construido (${dist}/, catálogo 1)`);
    expect(state.failures[0]).toContain('No se reintenta hasta que el catálogo cambie');
    expect(state.mails).toEqual([{ asunto: 'La tienda no se pudo reconstruir (catálogo 2)', texto: state.failures[0] }]);
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('<h1>Tienda del catálogo 1</h1>');

    // The operator fixes the brand: the catalogue moves, the next check builds it.
    state.version = 3;
    state.failing = false;
    await refresh();
    await refresh();
    expect(state.builds).toEqual([2, 3]);
    expect(state.log.at(-1)).toMatch(/^Tienda construida en /);
    expect(state.mails).toHaveLength(1);
  });

  it('a new catalogue version that fails again is told again, once', async () => {
    const { state, refresh } = shop();
    state.version = 2;
    await refresh();
    state.version = 3;
    await refresh();
    await refresh();
    expect(state.builds).toEqual([2, 3]);
    expect(state.mails.map((mail) => mail.asunto)).toEqual([
      'La tienda no se pudo reconstruir (catálogo 2)',
      'La tienda no se pudo reconstruir (catálogo 3)',
    ]);
  });

  it('runs one build at a time: checks during a build join it', async () => {
    const { state, refresh } = shop();
    state.version = 2;
    state.failing = false;
    await Promise.all([refresh(), refresh(), refresh()]);
    expect(state.builds).toEqual([2]);
  });

  it('a build cut short by the shop stopping is not reported', async () => {
    const control = new AbortController();
    const failures: string[] = [];
    const refresh = siteRefresher({
      distDir: dist,
      catalogueVersion: async () => 2,
      isStale: () => true,
      build: async () => {
        control.abort();
        throw new Error('The operation was aborted');
      },
      log: () => {},
      logFailure: (line) => failures.push(line),
      signal: control.signal,
    });
    await expect(refresh()).rejects.toThrow('aborted');
    expect(failures).toEqual([]);
  });

  it('tells the shop by e-mail, its text escaped in the HTML part', async () => {
    const sent: MailMessage[] = [];
    await avisoPorCorreo({ send: async (message) => void sent.push(message) }, 'tienda@kbeauty.pe')(
      'La tienda no se pudo reconstruir (catálogo 2)',
      'Missing parameter: marca <b>\nsegunda línea',
    );
    expect(sent).toEqual([
      {
        to: 'tienda@kbeauty.pe',
        subject: 'La tienda no se pudo reconstruir (catálogo 2)',
        text: 'Missing parameter: marca <b>\nsegunda línea',
        html: '<p>Missing parameter: marca &lt;b&gt;<br>segunda línea</p>',
      },
    ]);
  });
});
