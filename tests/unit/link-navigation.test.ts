/**
 * components/ui/link-navigation.ts: which clicks on our Link become a soft navigation
 * (the router's push) and which the browser keeps (new tab, downloads, other sites,
 * jumps within the page), and which links prefetch.
 */
import { describe, expect, test } from "vitest";
import { isRouterHref, isSoftNavigation, type LinkAnchor, type LinkClick } from "@/components/ui/link-navigation";

const here = "http://localhost:3000/browse?category=Fietsen";
const plain: LinkClick = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
const anchor: LinkAnchor = { target: null, download: false };

describe("isRouterHref", () => {
  test.each([
    "/product/0f8e",
    "/browse",
    "/browse?category=Boeken",
    "/faq#buying",
    "product/0f8e",
    "?page=2",
    "http://localhost:3000/categories",
    "/browse?category=Fietsen&page=2#top",
    "",
  ])("%s is the router's", (href) => {
    expect(isRouterHref(href, here)).toBe(true);
  });

  test.each([
    ["a hash alone", "#main"],
    ["the same page with a hash", "/browse?category=Fietsen#results"],
    ["the full same URL with a hash", "http://localhost:3000/browse?category=Fietsen#results"],
    ["another origin", "https://example.com/browse"],
    ["another port", "http://localhost:3001/browse"],
    ["another scheme", "https://localhost:3000/browse"],
    ["protocol-relative, another host", "//example.com/x"],
    ["mail", "mailto:support@kringwaar.nl"],
    ["phone", "tel:+31201234567"],
    ["javascript", "javascript:alert(1)"],
  ])("%s is the browser's", (_, href) => {
    expect(isRouterHref(href, here)).toBe(false);
  });

  test("a hash on another path or query is a navigation", () => {
    expect(isRouterHref("/browse#results", here)).toBe(true);
    expect(isRouterHref("/browse?category=Boeken#results", here)).toBe(true);
  });

  test("a malformed current address is never the router's", () => {
    expect(isRouterHref("/browse", "not a url")).toBe(false);
  });
});

describe("isSoftNavigation", () => {
  test("a plain left click on an app link", () => {
    expect(isSoftNavigation(plain, anchor, "/product/0f8e", here)).toBe(true);
    expect(isSoftNavigation(plain, { target: "_self", download: false }, "/product/0f8e", here)).toBe(true);
    expect(isSoftNavigation(plain, { target: "", download: false }, "/product/0f8e", here)).toBe(true);
  });

  test.each(["metaKey", "ctrlKey", "shiftKey", "altKey"] as const)("not with %s (new tab, window, download)", (key) => {
    expect(isSoftNavigation({ ...plain, [key]: true }, anchor, "/product/0f8e", here)).toBe(false);
  });

  test("not another button", () => {
    expect(isSoftNavigation({ ...plain, button: 1 }, anchor, "/product/0f8e", here)).toBe(false);
    expect(isSoftNavigation({ ...plain, button: 2 }, anchor, "/product/0f8e", here)).toBe(false);
  });

  test("not when the link's own onClick prevented it", () => {
    expect(isSoftNavigation({ ...plain, defaultPrevented: true }, anchor, "/product/0f8e", here)).toBe(false);
  });

  test("not with another target or a download", () => {
    expect(isSoftNavigation(plain, { target: "_blank", download: false }, "/product/0f8e", here)).toBe(false);
    expect(isSoftNavigation(plain, { target: "_top", download: false }, "/product/0f8e", here)).toBe(false);
    expect(isSoftNavigation(plain, { target: null, download: true }, "/uploads/x.webp", here)).toBe(false);
  });

  test("not to another site or within the page", () => {
    expect(isSoftNavigation(plain, anchor, "https://dashboard.stripe.com/", here)).toBe(false);
    expect(isSoftNavigation(plain, anchor, "#main", here)).toBe(false);
  });
});
