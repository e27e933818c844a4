/** The signed-in person as the pages and the API show them. Declared once. */
/** The one user of a Sluice without sign-in (`SLUICE_AUTH=none`). */
export const LOCAL_USER_ID = 'local';

export interface User {
  /** Sluice's own id for them: `local` without sign-in, else made at their first sign-in. */
  id: string;
  email?: string;
  name?: string;
  /** Sees usage totals per user (never their content). */
  admin: boolean;
}
