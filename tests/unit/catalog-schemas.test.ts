import { describe, expect, it } from "vitest";
import { centsToEuro, euroToCents } from "@/lib/platform/money/cents";
import { isTopSeller, listingSchema, productQuerySchema, type ListingPayload } from "@/lib/domains/catalog/schemas";

const valid: ListingPayload = {
  title: "  Gazelle damesfiets  ",
  description: "  Rijdt prima. ",
  price: 149.5,
  category: "Fietsen",
  condition: "fair",
  images: ["/uploads/products/2026/0f8e8a4e-5a8c-4a3b-9a57-0d2b1c3e4f50.webp"],
  location_id: "5d0c3f7e-2b1a-4c5d-9e8f-0a1b2c3d4e5f",
};

function firstError(payload: Record<string, unknown>) {
  const result = listingSchema.safeParse({ ...valid, ...payload });
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { field: issue.path.join("."), message: issue.message };
}

describe("listingSchema", () => {
  it("trims text, converts the price to cents and renames to the service's fields", () => {
    expect(listingSchema.parse(valid)).toEqual({
      title: "Gazelle damesfiets",
      description: "Rijdt prima.",
      priceCents: 14950,
      category: "Fietsen",
      condition: "fair",
      imageUrls: valid.images,
      locationId: valid.location_id,
      // Not sent: a new listing is picked up, an edit keeps what it offers.
      deliveryOptions: undefined,
      parcelSize: null,
    });
  });

  it("takes pickup and/or shipping, with a parcel size exactly when it ships", () => {
    expect(listingSchema.parse({ ...valid, delivery_options: ["shipping", "pickup", "shipping"], parcel_size: "mailbox" })).toMatchObject({
      deliveryOptions: ["shipping", "pickup"],
      parcelSize: "mailbox",
    });
    const noSize = listingSchema.safeParse({ ...valid, delivery_options: ["shipping"] });
    expect(noSize.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([["parcel_size", "Choose a parcel size for shipping"]]);
    expect(listingSchema.safeParse({ ...valid, delivery_options: [] }).error!.issues[0]!.message).toBe("Choose pickup, shipping or both");
    expect(listingSchema.safeParse({ ...valid, delivery_options: ["drone"] }).success).toBe(false);
  });

  it("defaults the condition to good", () => {
    expect(listingSchema.parse({ ...valid, condition: undefined }).condition).toBe("good");
    expect(listingSchema.parse({ ...valid, condition: null }).condition).toBe("good");
  });

  it("reports location, images and category first, in the documented order", () => {
    const result = listingSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error!.issues.slice(0, 3).map((issue) => issue.message)).toEqual([
      "Please select a location on the map",
      "Please add at least one image",
      "Please select a category",
    ]);
  });

  it.each([
    [{ location_id: "" }, "location_id", "Please select a location on the map"],
    [{ location_id: "Utrecht" }, "location_id", "Please select a location on the map"],
    [{ images: undefined }, "images", "Please add at least one image"],
    [{ images: ["/1", "/2", "/3", "/4", "/5", "/6"] }, "images", "Maximum 5 images allowed"],
    [{ images: ["/same", "/same"] }, "images", "Each image can be added only once"],
    [{ images: [""] }, "images.0", "Image must be a URL returned by the image upload"],
    [{ category: "  " }, "category", "Please select a category"],
    [{ title: "" }, "title", "Title is required"],
    [{ title: "x".repeat(101) }, "title", "Title must be at most 100 characters"],
    [{ description: undefined }, "description", "Description is required"],
    [{ description: "x".repeat(1001) }, "description", "Description must be at most 1000 characters"],
    [{ price: "" }, "price", "Price is required"],
    [{ price: null }, "price", "Price is required"],
    [{ price: "12,5,0" }, "price", "Price must be a number"],
    [{ price: -1 }, "price", "Price must be at least €0.01"],
    [{ price: 0.001 }, "price", "Price must be at least €0.01"],
    [{ price: 1_000_000 }, "price", "Price must be at most €999,999"],
    [{ price: 19.999 }, "price", "Price can have at most 2 decimals"],
    [{ condition: "excellent" }, "condition", "Condition must be one of new, like_new, good, fair, poor"],
  ])("refuses %j", (payload, field, message) => {
    expect(firstError(payload)).toEqual({ field, message });
  });

  it("accepts the boundaries and the ways forms write prices", () => {
    expect(firstError({ title: "x".repeat(100), description: "y".repeat(1000) })).toBeNull();
    expect(listingSchema.parse({ ...valid, price: 0.01 }).priceCents).toBe(1);
    expect(listingSchema.parse({ ...valid, price: 999999 }).priceCents).toBe(99_999_900);
    expect(listingSchema.parse({ ...valid, price: "12,50" }).priceCents).toBe(1250);
    expect(listingSchema.parse({ ...valid, price: " 7 " }).priceCents).toBe(700);
    expect(listingSchema.parse({ ...valid, price: 1.1 }).priceCents).toBe(110);
    expect(listingSchema.parse({ ...valid, images: ["/1", "/2", "/3", "/4", "/5"] }).imageUrls).toHaveLength(5);
  });
});

describe("money", () => {
  it("converts euros to cents exactly and refuses a third decimal", () => {
    expect(euroToCents(0.29)).toBe(29);
    expect(euroToCents(1.005)).toBeNull();
    expect(euroToCents(0.1 + 0.2)).toBe(30);
    expect(euroToCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(centsToEuro(14950)).toBe(149.5);
  });
});

describe("top seller", () => {
  it("needs a rating of 4.5 or more and at least 5 reviews", () => {
    expect(isTopSeller(4.5, 5)).toBe(true);
    expect(isTopSeller(4.49, 100)).toBe(false);
    expect(isTopSeller(5, 4)).toBe(false);
  });
});

describe("productQuerySchema", () => {
  it("treats empty values as unset and applies the defaults", () => {
    expect(productQuerySchema.parse({ search: " ", category: "", min_price: "" })).toEqual({
      search: undefined,
      category: undefined,
      minPriceCents: undefined,
      maxPriceCents: undefined,
      location: undefined,
      near: undefined,
      radiusKm: undefined,
      sort: undefined,
      featuredOnly: false,
      limit: 20,
      skip: 0,
    });
  });

  it("converts prices to cents, caps the limit, accepts offset for skip, defaults the radius", () => {
    expect(productQuerySchema.parse({ min_price: "10.5", max_price: "20", limit: "500", offset: "40", near: "Utrecht" })).toMatchObject({
      minPriceCents: 1050,
      maxPriceCents: 2000,
      limit: 100,
      skip: 40,
      near: "Utrecht",
      radiusKm: 10,
    });
  });

  it.each([
    [{ sort: "distance" }, "Sorting by distance needs a near location"],
    [{ radius_km: "5" }, "radius_km needs a near location"],
    [{ min_price: "20", max_price: "10" }, "max_price must not be below min_price"],
    [{ sort: "cheapest" }, "sort must be one of newest, price_asc, price_desc, distance"],
    [{ limit: "0" }, "limit must be at least 1"],
    [{ skip: "-1" }, "skip must be at least 0"],
    [{ min_price: "-5" }, "min_price cannot be negative"],
    [{ near: "Utrecht", radius_km: "1000" }, "radius_km must be at most 250"],
  ])("refuses %j", (query, message) => {
    const result = productQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(message);
  });
});
