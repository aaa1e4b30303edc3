/** The wishlist domain: the only way in for code outside it (client code uses ./client). */
export { addToWishlist, isInWishlist, listWishlist, removeFromWishlist, wishlistCountsOfOwnProducts } from "./service";
export { wishlistOperations } from "./openapi";
