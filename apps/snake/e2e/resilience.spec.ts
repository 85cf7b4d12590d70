// The page never goes blank: a chunk that fails to load is asked for again, and when that fails too the part that
// needed it says so (Retry, Reload) while the rest of the page stays; a page whose script never arrives says so.
import { expect, type Page, test } from '@playwright/test';
import { openGame } from './helpers';

const CHUNK_FAILED = '这部分页面未能加载，可能是网络中断了。';

/** Fails every request for the chunk whose file name starts with `name` (retries too) until `unblock()`. */
async function blockChunk(page: Page, name: string) {
  let blocked = true;
  let requests = 0;
  await page.route(new RegExp(`/assets/${name}-[^/]*\\.js(\\?.*)?$`), (route) => {
    requests += 1;
    return blocked ? route.abort('connectionfailed') : route.continue();
  });
  return { unblock: () => (blocked = false), requests: () => requests };
}

test('a chunk that fails to load is asked for again, and a second failure shows a message that recovers on Retry', async ({
  page,
}) => {
  const markdown = await blockChunk(page, 'Markdown');
  await openGame(page);
  await page.getByRole('button', { name: 'How to play' }).click();
  const dialog = page.getByRole('dialog', { name: 'How to play' });
  await expect(dialog.getByText(CHUNK_FAILED)).toBeVisible();
  // The first load and one retry under a fresh query; the rest of the page is still there.
  expect(markdown.requests()).toBe(2);
  await expect(dialog.getByTestId('failure')).toContainText('Markdown-');
  await expect(page.getByRole('heading', { name: 'SNAKE' })).toBeVisible();
  await expect(page.locator('[data-cell="wall"]').first()).toBeVisible();

  markdown.unblock();
  await dialog.getByRole('button', { name: '重试' }).click();
  await expect(dialog.getByRole('heading', { name: 'How to play Snake' })).toBeVisible();
  await expect(dialog.getByText(CHUNK_FAILED)).toHaveCount(0);
});

test('one failed request of a chunk goes unnoticed: the retry under a fresh query loads it', async ({
  page,
}) => {
  let aborted = 0;
  await page.route(/\/assets\/Markdown-[^/]*\.js$/, (route) => {
    aborted += 1;
    return route.abort('connectionfailed');
  });
  await openGame(page);
  await page.getByRole('button', { name: 'How to play' }).click();
  const dialog = page.getByRole('dialog', { name: 'How to play' });
  await expect(dialog.getByRole('heading', { name: 'How to play Snake' })).toBeVisible();
  expect(aborted).toBe(1);
  await expect(page.getByTestId('failure')).toHaveCount(0);
});

test('a popup whose code fails to load opens anyway and says so; Retry brings its content', async ({
  page,
}) => {
  const popup = await blockChunk(page, 'WalletPopup');
  await openGame(page);
  await page.getByRole('button', { name: '连接钱包' }).click();
  const dialog = page.getByRole('dialog', { name: '连接钱包' });
  await expect(dialog.getByText(CHUNK_FAILED)).toBeVisible();
  await expect(dialog.getByRole('button', { name: '重新加载页面' })).toBeVisible();
  popup.unblock();
  await dialog.getByRole('button', { name: '重试' }).click();
  await expect(dialog.getByRole('button', { name: '连接 MetaMask' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('a page whose script never arrives says so with a reload button instead of staying blank', async ({
  page,
}) => {
  const main = await blockChunk(page, 'index');
  await page.goto('/?tick=manual');
  const boot = page.getByTestId('boot-failure');
  await expect(boot).toBeVisible({ timeout: 20_000 });
  await expect(boot).toContainText('游戏未能加载');
  main.unblock();
  await boot.getByRole('button', { name: '重新加载页面' }).click();
  await expect(page.getByRole('heading', { name: 'SNAKE' })).toBeVisible();
  await expect(page.getByTestId('boot-failure')).toHaveCount(0);
});
