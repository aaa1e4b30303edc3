// The help and trust pages in both languages, every footer link, and a business
// seller's trader details on the product page and seller profile.
import { expect, test } from "@playwright/test";
import { open, watchErrors } from "./helpers";

const LANGS = [
  {
    lang: "nl",
    faqCategories: ["Algemeen", "Verkopen", "Kopen", "Veiligheid", "Account & support"],
    kvkLabel: "KvK-nummer",
    withdrawal: /14 dagen bedenktijd/,
    private: /particulier/i,
  },
  {
    lang: "en",
    faqCategories: ["General", "Selling", "Buying", "Safety & security", "Account & support"],
    kvkLabel: "KvK number (Chamber of Commerce)",
    withdrawal: /14 days to change your mind/,
    private: /private person/i,
  },
] as const;

for (const l of LANGS) {
  test.describe(`help pages (${l.lang})`, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: "kringwaar_locale", value: l.lang, url: baseURL! }]);
      await page.addInitScript((value) => localStorage.setItem("kringwaar.locale", value), l.lang);
    });

    test("every footer link leads to a real page", async ({ page }) => {
      const errors = watchErrors(page);
      await open(page, "/");
      const footer = page.locator("footer");
      const hrefs = await footer.locator("a[href^='/']").evaluateAll((links) =>
        [...new Set(links.map((a) => a.getAttribute("href")!))],
      );
      expect(hrefs).toEqual(expect.arrayContaining(["/faq", "/how-it-works", "/contact", "/terms", "/privacy"]));
      for (const href of hrefs) {
        const response = await page.request.get(href, { maxRedirects: 5 });
        expect(response.status(), href).toBeLessThan(400);
      }
      const mailto = await footer.locator("a[href^='mailto:']").first().getAttribute("href");
      expect(mailto).toBe("mailto:support@kringwaar.nl");
      expect(errors).toEqual([]);
    });

    test("the FAQ has the five categories, real answers and the support mailto", async ({ page }) => {
      const errors = watchErrors(page);
      const response = await open(page, "/faq");
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", l.lang);
      await expect(page.getByTestId("faq-category").locator("h2")).toHaveText([...l.faqCategories]);
      const fee = page.getByTestId("faq-general-cost");
      await fee.locator("summary").click();
      await expect(fee).toContainText("5%");
      const payout = page.getByTestId("faq-selling-payout");
      await payout.locator("summary").click();
      await expect(payout).toContainText("3");
      await expect(page.getByTestId("help-support-mailto")).toHaveAttribute("href", "mailto:support@kringwaar.nl");
      expect(errors).toEqual([]);
    });

    test("how it works, contact, terms and privacy", async ({ page }) => {
      const errors = watchErrors(page);
      await open(page, "/how-it-works");
      await expect(page.getByTestId("how-buying").locator("li")).toHaveCount(4);
      await expect(page.getByTestId("how-selling").locator("li")).toHaveCount(4);
      await open(page, "/contact");
      await expect(page.getByTestId("contact-mailto")).toHaveAttribute("href", "mailto:support@kringwaar.nl");
      await expect(page.getByTestId("contact-tel")).toHaveAttribute("href", /^tel:\+31/);
      await expect(page.getByTestId("contact-support-link")).toHaveAttribute("href", "/support");
      await open(page, "/privacy");
      await expect(page.locator("article")).toContainText("Stripe");
      await expect(page.locator("article")).toContainText("PDOK");
      await open(page, "/terms");
      await expect(page.locator("article")).toContainText("KvK");
      expect(errors).toEqual([]);
    });

    test("a business seller's product page and profile show the trader details and the withdrawal right", async ({ page, request }) => {
      const errors = watchErrors(page);
      const login = await request.post("/api/auth/login", {
        data: { email: "tijs.vandenberg@example.nl", password: "Kringwaar2026!" },
      });
      expect(login.ok()).toBe(true);
      const tijs = (await login.json()).user;
      const products = await (await request.get(`/api/users/${tijs.id}/products`)).json();
      expect(products.length).toBeGreaterThan(0);

      await open(page, `/product/${products[0].id}`);
      const trader = page.getByTestId("trader-details");
      await expect(trader).toContainText(l.kvkLabel);
      await expect(trader.getByTestId("trader-kvk")).toHaveText("68750110");
      await expect(trader.getByTestId("trader-vat")).toHaveText("NL859234561B01");
      await expect(trader.getByTestId("trader-name")).toHaveText("Tweedehands Tijs B.V.");
      await expect(trader.getByTestId("trader-address")).toHaveText("Neude 11, 3512 AE Utrecht");
      await expect(trader.getByTestId("trader-withdrawal")).toHaveText(l.withdrawal);

      await open(page, `/seller/${tijs.id}`);
      await expect(page.getByTestId("trader-details").getByTestId("trader-kvk")).toHaveText("68750110");
      await expect(page.getByTestId("trader-withdrawal")).toHaveText(l.withdrawal);

      // A private seller's listing says the consumer rights do not apply.
      const daan = await (await request.post("/api/auth/login", {
        data: { email: "daan.jansen@example.nl", password: "Kringwaar2026!" },
      })).json();
      const daanProducts = await (await request.get(`/api/users/${daan.user.id}/products`)).json();
      await open(page, `/product/${daanProducts[0].id}`);
      await expect(page.getByTestId("trader-private")).toHaveText(l.private);
      await expect(page.getByTestId("trader-details")).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  });
}
