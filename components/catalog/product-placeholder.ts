/** The picture of a product without photos. Its own module: the product page's gallery needs only this of card-product.ts. */
export const PRODUCT_PLACEHOLDER_IMAGE = "/images/product-placeholder.svg";
