import type { MetadataRoute } from "next";
import { absoluteUrl } from "@/lib/platform/site";

export const dynamic = "force-dynamic";

/** /robots.txt: the shop is open to crawlers; accounts, checkout, admin and the API are not. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [
      {
        userAgent: "*",
        allow: "/",
        disallow: [
          "/api/",
          "/admin",
          "/checkout/",
          "/dashboard",
          "/cart",
          "/orders",
          "/messages",
          "/notifications",
          "/wishlist",
          "/sell",
          "/edit-product/",
          "/payment-success",
          "/support",
          "/e2e/",
        ],
      },
    ],
    sitemap: absoluteUrl("/sitemap.xml"),
  };
}
