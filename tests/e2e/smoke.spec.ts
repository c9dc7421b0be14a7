import { expect, test } from '@playwright/test';

test('the home page links to product pages that show the product', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto('/');
  await expect(page).toHaveTitle(/K-Beauty Perú/);

  const link = page.locator('.product-card__name a[href^="/producto/"]').first();
  const name = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(/\/producto\/\d+-[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('precio')).toHaveText(/^S\/ \d+\.\d{2}$/);
  const image = page.locator('main img').first();
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test('the whole demo catalogue is served by the API', async ({ request }) => {
  const res = await request.get('/web/listprod');
  expect((await res.json()).length).toBeGreaterThanOrEqual(240);
});

test('the API answers on the same origin', async ({ request }) => {
  const res = await request.get('/web/detailprod/1');
  expect(res.status()).toBe(200);
  expect((await res.json()).id).toBe(1);
});
