/** The case's conversation's limits, for the API's schema and the page's form alike (no zod here: the browser reads it). */

/** The longest message, in characters */
export const MESSAGE_MAX = 5000;

/** The most files one message carries */
export const MESSAGE_ATTACHMENTS_MAX = 5;
