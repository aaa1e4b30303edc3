/** What an uploaded image may weigh, for the server and the forms. */
export const MAX_IMAGE_BYTES = 5_242_880;
export const IMAGE_TOO_LARGE = "Image must be less than 5MB";
