// Helpers shared by the end-to-end specs.
import { expect, type ConsoleMessage, type Page, type Response } from "@playwright/test";

/**
 * Console errors, hydration warnings and uncaught exceptions of the page. Left out:
 * resources that cannot load without a network (map tiles, Google's script), Next's
 * prefetches of links to pages later issues build (404 on `?_rsc=`), and with
 * `allow404` every 404 (for pages that are meant to answer one).
 */
export function watchErrors(page: Page, { allow404 = false } = {}): string[] {
  const errors: string[] = [];
  const expected = (message: ConsoleMessage) => {
    if (!message.text().startsWith("Failed to load resource")) return false;
    const url = message.location().url;
    if (allow404 && message.text().includes("404")) return true;
    return !/^https?:\/\/localhost[:/]/.test(url) || /[?&]_rsc=/.test(url);
  };
  page.on("console", (message) => {
    if ((message.type() === "error" && !expected(message)) || /hydrat/i.test(message.text())) {
      errors.push(`${message.type()}: ${message.text()} (${message.location().url})`);
    }
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/**
 * A full page load, once React has put the streamed parts in place. Since React 19.2 a
 * streamed Suspense segment can sit in the DOM as a hidden copy for about 300 ms next to
 * the client-rendered one (facebook/react#37014); strict locators would see both.
 */
export async function open(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await settle(page);
  return response;
}

export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('div[hidden][id^="S:"]'));
}

/** Clicks, in its middle, a products-map marker that no other marker covers; returns its product id. */
export async function clickFreeMarker(page: Page): Promise<string> {
  const target = await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('[data-testid="products-map-marker"]')) {
      const box = element.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (element.contains(document.elementFromPoint(x, y))) return { id: element.dataset.productId, x, y };
    }
    return null;
  });
  expect(target?.id).toBeTruthy();
  await page.mouse.click(target!.x, target!.y);
  return target!.id!;
}
