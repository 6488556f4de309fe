/**
 * The bounds of "Ask for changes" (docs/decisions/037), for the public endpoint, the read model
 * and the recipient page's form alike; so this module imports nothing.
 */

/** The longest message a customer may send. */
export const MAX_CHANGE_REQUEST_MESSAGE = 2000;

/** How many one proposal takes: each mails its staff, and past that the customer has the sender's address. */
export const MAX_CHANGE_REQUESTS = 20;
