/** What an uploaded image may weigh (SPEC.md section 5), for the server and the forms. */
export const MAX_IMAGE_BYTES = 5_242_880;
export const IMAGE_TOO_LARGE = "Image must be less than 5MB";
