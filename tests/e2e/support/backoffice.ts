import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/**
 * What the back office's browser journeys (issue 36) share: the authenticator's codes, the invitation's
 * enrolment and the sign-in, each as a person does them in /admin/. Written before the server's routes
 * were merged; the journeys that use them come after.
 */

/** An invited person's second factor: the TOTP secret shown as text, and the recovery codes shown once. */
export interface Alta {
  secreto: string;
  codigos: string[];
}

/** The six digits an authenticator app shows now for `secreto` (base32, spaces allowed), `desfase` periods away. */
export function codigoTotp(secreto: string, desfase = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secreto.replace(/\s+/g, '')), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + desfase * 30_000 });
}

/**
 * A code not used yet: the shop refuses a replayed TOTP code, so a journey that signs in twice within one
 * period waits for the next one.
 */
export async function codigoNuevo(secreto: string, usados: Set<string>): Promise<string> {
  for (;;) {
    const codigo = codigoTotp(secreto);
    if (!usados.has(codigo)) {
      usados.add(codigo);
      return codigo;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Follows an invitation link to the end: name and password, the authenticator (read from the page's text), the recovery codes; no passkey. */
export async function completarInvitacion(
  page: Page,
  enlace: string,
  { nombre, contrasena }: { nombre: string; contrasena: string },
): Promise<Alta> {
  await page.goto(enlace);
  await page.getByLabel('Tu nombre').fill(nombre);
  await page.getByLabel('Contraseña').fill(contrasena);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const clave = page.locator('.bo-clave-totp');
  await expect(clave).toBeVisible();
  const secreto = (await clave.textContent())!.replace(/\s+/g, '');
  await expect(page.getByRole('img', { name: /Código QR/ })).toBeVisible();
  await page.getByLabel('Código de la app').fill(codigoTotp(secreto));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  const lista = page.getByRole('list', { name: 'Códigos de recuperación' });
  await expect(lista.getByRole('listitem')).toHaveCount(10);
  const codigos = (await lista.getByRole('listitem').allTextContents()).map((codigo) => codigo.trim());
  await page.getByLabel('Guardé mis códigos').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Ir al panel' }).click();
  await expect(page.getByRole('navigation', { name: 'Menú del panel' })).toBeVisible();
  return { secreto, codigos };
}

/** Signs in at /admin/ingresar with the password and a fresh authenticator code (or a recovery code). */
export async function ingresar(page: Page, { correo, contrasena, codigo }: { correo: string; contrasena: string; codigo: string }) {
  if (!page.url().includes('/admin/ingresar')) await page.goto('/admin/ingresar');
  await page.getByLabel('Correo').fill(correo);
  await page.getByLabel('Contraseña').fill(contrasena);
  await page.getByRole('button', { name: 'Continuar' }).click();
  if (/^\d{6}$/.test(codigo)) await page.getByLabel('Código de verificación').fill(codigo);
  else {
    await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
    await page.getByLabel('Código de recuperación').fill(codigo);
  }
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('navigation', { name: 'Menú del panel' })).toBeVisible();
}

/** Answers the back office's "Confirma que eres tú" dialog (refunds, people, keys) with the password and a code. */
export async function confirmarQueSoyYo(page: Page, { contrasena, codigo }: { contrasena: string; codigo: string }) {
  const dialogo = page.getByRole('dialog', { name: 'Confirma que eres tú' });
  await expect(dialogo).toBeVisible();
  await dialogo.getByLabel('Contraseña').fill(contrasena);
  await dialogo.getByLabel('Código de verificación').fill(codigo);
  await dialogo.getByRole('button', { name: 'Confirmar y continuar' }).click();
  await expect(dialogo).toBeHidden();
}

/** Marks orders shipped in one bulk action from /admin/pedidos: each chosen, then its courier (by name) and guía. */
export async function marcarEnviados(page: Page, envios: { idVenta: number; courier: string; guia: string }[]) {
  for (const { idVenta } of envios) await page.getByLabel(`Elegir el pedido ${idVenta}`).check();
  await page.getByRole('button', { name: 'Marcar enviados' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Marcar enviados' });
  for (const { idVenta, courier, guia } of envios) {
    await dialogo.getByLabel(`Courier del pedido ${idVenta}`).selectOption({ label: courier });
    await dialogo.getByLabel(`Guía del pedido ${idVenta}`).fill(guia);
  }
  await dialogo.getByRole('button', { name: /^Marcar \d+ enviados?$/ }).click();
  await expect(dialogo).toBeHidden();
}
