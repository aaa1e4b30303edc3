/**
 * The accounts operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import { fileUploadBody, type TaggedOperations } from "@/lib/platform/api/openapi";
import {
  detailJson,
  nextAuthGetJson,
  nextAuthPostJson,
  nextAuthUrlJson,
  passwordChangedJson,
  resetLinkJson,
  settingsJson,
  tokenJson,
  unsubscribedJson,
  userJson,
} from "./responses";

/** What next-auth answers besides its JSON: redirects without json=true, and text for an action it does not have. */
const NEXT_AUTH_REDIRECT = { status: 302, description: "A redirect (signin and error go to the home page's dialog; a form POST without json=true)" };
const NEXT_AUTH_UNKNOWN = { status: 400, description: "An action next-auth does not have, or a session update without a valid csrfToken (text)", contentType: "text/plain" };

export const accountsOperations: TaggedOperations = {
  tag: "accounts",
  description: "Sign-in, the bearer token, the account and its settings",
  operations: [
    {
      method: "GET",
      path: "/api/auth/{nextauth}",
      summary: "The web's sign-in (next-auth): session, csrf, providers",
      description: "next-auth's own handler, for the web; the apps use the bearer token. The JSON depends on the path: session, csrf or providers. signout answers next-auth's HTML page.",
      response: nextAuthGetJson,
      extra: [{ status: 200, description: "JSON for session, csrf and providers; HTML for signout", contentType: "text/html" }, NEXT_AUTH_REDIRECT, NEXT_AUTH_UNKNOWN],
    },
    {
      method: "POST",
      path: "/api/auth/{nextauth}",
      summary: "The web's sign-in (next-auth): credentials callback, sign-out, session update",
      description:
        "next-auth's own handler, for the web: forms with csrfToken. callback/credentials (email, password) and signout with json=true answer {url}; session (csrfToken, data) answers the session again; _log answers 200 with no body.",
      response: nextAuthPostJson,
      extra: [{ status: 401, description: "callback/credentials: e-mail or password refused; url ends in ?error=<code>", schema: nextAuthUrlJson }, NEXT_AUTH_REDIRECT, NEXT_AUTH_UNKNOWN],
      errors: [413],
    },
    { method: "POST", path: "/api/auth/confirm-email", summary: "Confirm the account's e-mail address with the mailed link", response: detailJson, errors: [400] },
    { method: "POST", path: "/api/auth/forgot-password", summary: "Mail a link to reset the password", description: "The same answer whether or not the address has an account.", response: detailJson, errors: [429] },
    { method: "POST", path: "/api/auth/login", summary: "Sign in: a bearer token and the user", response: tokenJson, errors: [401, 403, 429] },
    { method: "POST", path: "/api/auth/logout", summary: "End the session or token this call is made with", response: null, status: 204 },
    { method: "POST", path: "/api/auth/register", summary: "Create an account: a bearer token and the user", response: tokenJson, errors: [409, 429] },
    { method: "GET", path: "/api/auth/reset-password", summary: "Whether a password reset link is still valid (without using it)", response: resetLinkJson, errors: [400, 429] },
    { method: "POST", path: "/api/auth/reset-password", summary: "Set a new password with the mailed link; ends every session and token of the account", response: detailJson, errors: [400, 429] },
    { method: "GET", path: "/api/events", summary: "The caller's live events (Server-Sent Events)", response: null, extra: [{ status: 200, description: "A text/event-stream of the caller's events", contentType: "text/event-stream" }], errors: [429] },
    {
      method: "GET",
      path: "/api/mail/unsubscribe",
      summary: "Show the unsubscribe page of a mail link (link scanners unsubscribe no one)",
      // The answer is a 303 to the /unsubscribe page, which asks before turning the category off.
      status: 303,
      response: null,
    },
    { method: "POST", path: "/api/mail/unsubscribe", summary: "Turn a mail category off (one-click, or the page's JSON {token})", response: unsubscribedJson, errors: [400, 413] },
    { method: "GET", path: "/api/users/me", summary: "The signed-in user", response: userJson },
    { method: "PUT", path: "/api/users/me", summary: "Change the profile", response: userJson, errors: [409] },
    { method: "DELETE", path: "/api/users/me", summary: "Delete the account", response: null, status: 204, errors: [400, 409] },
    { method: "POST", path: "/api/users/me/confirm-email", summary: "Mail a new confirmation link", response: detailJson, errors: [409, 429] },
    { method: "POST", path: "/api/users/me/password", summary: "Change the password; every other session and token ends", response: passwordChangedJson, errors: [400, 429] },
    { method: "POST", path: "/api/users/me/photo", summary: "Set the profile photo (multipart field file)", response: userJson, body: fileUploadBody, bodyContentType: "multipart/form-data", errors: [400, 413, 415] },
    { method: "DELETE", path: "/api/users/me/photo", summary: "Remove the profile photo", response: userJson },
    { method: "GET", path: "/api/users/me/settings", summary: "Language, mail and push preferences", response: settingsJson },
    { method: "PATCH", path: "/api/users/me/settings", summary: "Change language, mail and push preferences (only the categories sent change)", response: settingsJson },
  ],
};
