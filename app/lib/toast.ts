/** A toast: shown top-right by the client, or printed in the page when JavaScript is off. */
export type ToastType = "success" | "info" | "error";
export type ToastMessage = { id: string; type: ToastType; message: string };

export function makeToast(type: ToastType, message: string): ToastMessage {
  return { id: Math.random().toString(36).slice(2, 10), type, message };
}

/** What the user sees when the API fails, times out or cannot be reached (spec §8). */
export { SERVER_BUSY } from "../../lib/messages.js";
