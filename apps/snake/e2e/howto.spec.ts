import { expect, test } from '@playwright/test';
import { openGame } from './helpers';

const ERROR_TEXT = 'There was error fetching the HOW_TO_PLAY.md ... The server might not be reachable.';

test('How to play opens, shows Loading..., renders the markdown and closes', async ({ page }) => {
  let accept: string | undefined;
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/HOW_TO_PLAY.md', async (route) => {
    accept = route.request().headers().accept;
    await released;
    await route.continue();
  });
  await openGame(page);
  await page.getByRole('button', { name: 'How to play' }).click();
  const dialog = page.getByRole('dialog', { name: 'How to play' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Loading...')).toBeVisible();
  release();
  await expect(dialog.getByRole('heading', { name: 'How to play Snake' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Rules' })).toBeVisible();
  await expect(dialog.getByText('Pause and resume:')).toBeVisible();
  expect(accept).toBe('application/vnd.github.raw');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'How to play' }).click();
  await expect(dialog.getByRole('heading', { name: 'How to play Snake' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('raw HTML in the markdown is not rendered', async ({ page }) => {
  await page.route('**/HOW_TO_PLAY.md', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/markdown',
      body: '# Title\n\n<img src="x" onerror="window.__pwned=1"><b>raw bold</b>\n\n[bad](javascript:alert(1))\n',
    }),
  );
  await openGame(page);
  await page.getByRole('button', { name: 'How to play' }).click();
  const dialog = page.getByRole('dialog', { name: 'How to play' });
  await expect(dialog.getByRole('heading', { name: 'Title' })).toBeVisible();
  await expect(dialog.locator('img')).toHaveCount(0);
  await expect(dialog.locator('b')).toHaveCount(0);
  expect(await dialog.getByText('bad').getAttribute('href')).not.toContain('javascript');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('a non-OK answer shows the spec error text with links', async ({ page }) => {
  await page.route('**/HOW_TO_PLAY.md', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await openGame(page);
  await page.getByRole('button', { name: 'How to play' }).click();
  const dialog = page.getByRole('dialog', { name: 'How to play' });
  await expect(dialog.locator('strong')).toHaveText(ERROR_TEXT);
  await expect(dialog.getByRole('link', { name: 'HOW_TO_PLAY.md' })).toHaveAttribute(
    'href',
    /HOW_TO_PLAY\.md$/,
  );
  await expect(dialog.getByRole('link', { name: 'the repository' })).toBeVisible();
});

test('an unreachable server shows the spec error text (?howto= override)', async ({ page }) => {
  await openGame(page, { howto: 'http://127.0.0.1:9/HOW_TO_PLAY.md' });
  await page.getByRole('button', { name: 'How to play' }).click();
  const dialog = page.getByRole('dialog', { name: 'How to play' });
  await expect(dialog.locator('strong')).toHaveText(ERROR_TEXT);
});

test('the markdown renderer is not part of the initial load', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await openGame(page);
  expect(scripts.some((url) => /Markdown/.test(url))).toBe(false);
  await page.getByRole('button', { name: 'How to play' }).click();
  await expect(page.getByRole('heading', { name: 'How to play Snake' })).toBeVisible();
  expect(scripts.some((url) => /Markdown/.test(url))).toBe(true);
});
