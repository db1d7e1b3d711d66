import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Saves a full-page screenshot named `name` (with the viewport size) when SCREENSHOTS_DIR is set, so
 * a layout change can be looked at; does nothing otherwise.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.SCREENSHOTS_DIR;
  if (!folder) return;
  await mkdir(folder, { recursive: true });
  const size = page.viewportSize();
  const suffix = size ? `-${size.width}x${size.height}` : '';
  await page.screenshot({ path: path.join(folder, `${name}${suffix}.png`), fullPage: false });
}
