import { afterAll, beforeAll, expect, it } from 'vitest';
import { cliSettings, runShop } from '../../src/cli/shop.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-0123456789';

describeEachDatabase('`npm run shop -- personal` and `claves` (issue 36)', (target) => {
  let shop: TestShop;
  const run = async (args: string[], token: string | undefined = TOKEN, operador = 'Ana') => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runShop(args, {
      fetch: async (url, init) => shop.app.request(url, init),
      baseUrl: 'http://localhost:4321',
      token,
      operador,
      out: (t) => out.push(t),
      err: (t) => err.push(t),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  beforeAll(async () => {
    shop = await openShop(target, { config: { adminToken: TOKEN } });
  });
  afterAll(() => shop?.close());

  it('invites the first owner: prints the one-time link and the shop e-mails it; lists the staff', async () => {
    const invitada = await run(['personal', 'invitar', 'Duena@Example.pe', '--rol', 'dueño']);
    expect(invitada.code).toBe(0);
    const enlace = /^http:\/\/localhost:4321\/admin\/invitacion\?token=[\w-]{43}$/m.exec(invitada.out)?.[0];
    expect(enlace).toBeTruthy();
    expect(invitada.out).toContain('Invitamos a duena@example.pe. El enlace vence en 48 horas.');
    expect(shop.sent.at(-1)).toMatchObject({ to: 'duena@example.pe', subject: 'Te invitaron a administrar K-Beauty Perú' });
    expect(shop.sent.at(-1)!.text).toContain(enlace);
    expect(shop.sent.at(-1)!.html).toContain('Ana te invitó');
    const lista = await run(['personal', 'lista']);
    expect(lista.out).toMatch(/Invitaciones pendientes:\n.*\n\d+\s+duena@example\.pe\s+Dueña o dueño\s+.*token de operador \(Ana\)$/m);
    expect(await run(['personal', 'invitar', 'x@example.pe'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^Indica el rol con --rol dueno\|personal/),
    });
    expect(await run(['personal', 'invitar', 'x@example.pe', '--rol', 'jefa'])).toMatchObject({
      code: 1,
      err: '"jefa" no es un rol. Roles: dueno, personal.',
    });
    expect(await run(['personal', 'invitar', 'no-es-correo', '--rol', 'personal'])).toMatchObject({
      code: 1,
      err: 'Ingresa un correo válido.',
    });
  });

  it('creates a named key shown once, which then opens the API with its role and its name; a revoked key is refused', async () => {
    const creada = await run(['claves', 'crear', 'Laptop', 'de', 'Luis', '--rol', 'personal']);
    expect(creada.code).toBe(0);
    const secreto = /^kbk_[\w-]{43}$/m.exec(creada.out)?.[0];
    expect(secreto).toBeTruthy();
    const lista = await run(['claves', 'lista']);
    expect(lista.out).toContain('Laptop de Luis');
    expect(lista.out).toContain(`${secreto!.slice(0, 12)}…`);
    expect(lista.out).not.toContain(secreto);

    expect((await run(['pedidos'], secreto)).code).toBe(0);
    expect(await run(['personal', 'lista'], secreto)).toMatchObject({ code: 1, err: 'Solo dueña o dueño de la tienda puede hacer esto.' });
    const { entradas } = (await (await shop.call('GET', '/admin/api/auditoria', { token: TOKEN })).json()) as {
      entradas: { operador: string; accion: string }[];
    };
    expect(entradas.find((e) => e.accion === 'clave.crear')!.operador).toBe('token de operador (Ana)');

    const id = /^(\d+)\s+Laptop de Luis/m.exec(lista.out)![1]!;
    expect(await run(['claves', 'revocar', id])).toMatchObject({ code: 0, out: 'Revocamos la clave "Laptop de Luis": ya no abre la API.' });
    expect(await run(['pedidos'], secreto)).toMatchObject({ code: 1, err: 'Clave de API inválida o revocada.' });
    expect(await run(['claves', 'revocar', id])).toMatchObject({ code: 1, err: `No hay una clave vigente N.° ${id}.` });
  });

  it('reads SHOP_API_KEY before SHOP_ADMIN_TOKEN and the token file', () => {
    expect(cliSettings({ SHOP_API_KEY: ' kbk_abc ', SHOP_ADMIN_TOKEN: 'x'.repeat(20) }).token).toBe('kbk_abc');
    expect(cliSettings({ SHOP_ADMIN_TOKEN: 'x'.repeat(20), DATA_DIR: '/nada' }).token).toBe('x'.repeat(20));
  });
});
