/**
 * The window event that asks for the login dialog: components/lib/api-client.ts sends it
 * when a write answers 401, components/auth/auth-dialog-provider.tsx opens the dialog.
 * An event rather than an import, so the provider (on every page) does not load the client.
 */
export const LOGIN_NEEDED_EVENT = "kringwaar:login-needed";
