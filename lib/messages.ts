/** Words said the same way wherever they are said: by the API, the portal's forms and its scripts. */

/** Above a form whose fields say what is wrong, beside each of them. */
export const FIX_FIELDS = "Please correct the highlighted fields.";

/** What a page says when the API or the database did not answer (DESIGN §4): nothing typed is lost. */
export const SERVER_BUSY = "Server busy";

/** A sign-in refused: the same words whether the email is known or not. */
export const WRONG_CREDENTIALS_MESSAGE = "Email or password is incorrect.";

/** A form post that is no form, or one from a page too old for its token. */
export const FORM_UNREADABLE = "This form could not be read. Reload the page and try again.";
export const FORM_EXPIRED = "This form has expired. Reload the page and try again.";

/** A sign-in by a deactivated account. */
export const DEACTIVATED_MESSAGE = "This account has been deactivated. Ask the consultancy to reactivate it.";
