/** The case's conversation's limits, for the API's schema and the page's form alike (no zod here: the browser reads it). */

/** The longest message, in characters */
export const MESSAGE_MAX = 5000;
