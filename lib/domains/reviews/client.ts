/** What client components may use of the reviews domain: nothing that needs the server. */
export { REVIEW_COMMENT_MAX, REVIEW_REPLY_MAX } from "./limits";
export type { ReviewJson } from "./service";
