/** What the web app learns from the server before it renders: fixed for a server's lifetime. */
export interface ClientConfig {
  /** The OpenID provider the web app signs in with. */
  auth: { authority: string; clientId: string; scope: string };
  /** Shown on the coming-soon page. */
  supportEmail: string;
  /** What signed-out visitors see while coming-soon mode is off. */
  signedOutView: "landing" | "coming-soon";
  /** A demo start: demo accounts sign in with a published password, and the page says so. */
  isDemo: boolean;
}
