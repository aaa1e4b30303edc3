import "next-auth";

declare module "next-auth" {
  interface Session {
    user?: {
      id: string;
      name: string;
      email: string;
      image: string | null;
      isAdmin: boolean;
    };
    /** Why the cookie's session no longer counts (EndedReason in lib/domains/accounts/auth/sessions.ts). */
    ended?: string;
  }
}
