/** What client components may use of the catalog domain: nothing that needs the server. */
export { BROWSE_DEBOUNCE_MS, BROWSE_MAP_LIMIT, EMPTY_BROWSE_STATE, RADIUS_OPTIONS_KM, browseApiParams, activeFilterCount, browseKey, hasActiveFilters, pageCount, parseBrowseParams, priceRangeInverted, radiusOf } from "./browse-params";
export type { BrowseState, BrowseView } from "./browse-params";
export { CONDITION_CLASSES, CONDITION_CLASS_COLORS, conditionClass } from "./condition";
export type { ConditionClass, ProductCondition } from "./condition";
export { SNIFF_BYTES, sniffImageType } from "./image-sniff";
export { CONDITIONS, DEFAULT_CONDITION, DESCRIPTION_MAX, IMAGE_TYPES, MAX_IMAGES, MAX_IMAGE_BYTES, TITLE_MAX } from "./limits";
export type { Condition, ProductStatus } from "./limits";
export { SORTS } from "./search-limits";
export type { ProductJson } from "./serialize";
export { STARS, starParts } from "./stars";
