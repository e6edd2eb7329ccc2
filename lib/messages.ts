/** Words said the same way wherever they are said: by the API, the portal's forms and its scripts. */

/** Above a form whose fields say what is wrong, beside each of them. */
export const FIX_FIELDS = "Please correct the highlighted fields.";

/** What a page says when the API or the database did not answer (DESIGN §4): nothing typed is lost. */
export const SERVER_BUSY = "Server busy";
