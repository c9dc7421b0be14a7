import { expect, test } from '@playwright/test';

test('the home page lists the demo catalogue and links to product pages', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto('/');
  await expect(page).toHaveTitle(/K-Beauty Perú/);
  const count = await page.getByTestId('product-count').textContent();
  expect(Number(count?.match(/\d+/)?.[0])).toBeGreaterThanOrEqual(240);

  const link = page.locator('a[href^="/producto/"]').first();
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

test('the API answers on the same origin', async ({ request }) => {
  const res = await request.get('/web/detailprod/1');
  expect(res.status()).toBe(200);
  expect((await res.json()).id).toBe(1);
});
