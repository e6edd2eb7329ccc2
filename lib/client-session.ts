/** How long a client's session lasts (issue 39): a day, or 30 days on a device they chose to stay signed in on. */
export const CLIENT_SESSION_HOURS = 24;
export const CLIENT_REMEMBER_DAYS = 30;
