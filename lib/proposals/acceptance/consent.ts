/**
 * The consent a recipient gives by ticking the box beside "Accept" on /p/{uuid}, word for word: the
 * page shows this text and the server stores this text with the signature (never what a client
 * sends), with its version. Changing the words means a new version, so a record always says which
 * words its signer agreed to (docs/decisions/036). Imported by the page as well as the server.
 */
export const CONSENT = {
  version: 1,
  text: "I agree that typing my name is my electronic signature on this proposal",
} as const;

/** What an acceptance without the box ticked is told, by the page and by the server alike. */
export const CONSENT_REQUIRED = "Tick the box to agree that typing your name is your electronic signature";
