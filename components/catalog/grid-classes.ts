/**
 * The product grid's columns, shared by ProductGrid and its skeleton. A file of its own so
 * the skeleton (in the browse page's first-load bundle) does not pull in the cards.
 */
export const GRID_CLASSES = "grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4";
