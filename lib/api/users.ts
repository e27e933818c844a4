/** The signed-in person as the pages and the API show them. Declared once. */
export interface User {
  /** Sluice's own id for them: `local` without sign-in, else made at their first sign-in. */
  id: string;
  email?: string;
  name?: string;
  /** Sees usage totals per user (never their content). */
  admin: boolean;
}
