/**
 * What a random token (./tokens.ts) looks like in a link: 32 random bytes, base64url, 43
 * characters. Kept apart from the maker, without server imports, so a form can check a link's
 * token too.
 */
export const RANDOM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
