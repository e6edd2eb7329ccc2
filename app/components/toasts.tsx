/**
 * Toasts (spec §8): top-right, 2000 ms, pause on hover, draggable, not closed by a click,
 * one at a time. With JavaScript off the same message is printed in the page instead.
 */
import { useEffect } from "react";
import { cssTransition, toast as toastify, ToastContainer } from "react-toastify";
import {} from "../lib/lang";
import type { ToastMessage } from "../lib/toast";

/**
 * In the page's flow a toast drops into place from just above, opaque all along: one sliding in from the side
 * passed the window's edge (its close button off screen for a moment), and one fading in was, for as long, text too
 * faint to read. Both were found by the accessibility walk.
 */
const Drop = cssTransition({ enter: "toast-drop-in", exit: "toast-drop-out", collapseDuration: 200 });

export function ToastHost() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={2000}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      closeOnClick={false}
      limit={1}
      newestOnTop
      hideProgressBar={false}
      transition={Drop}
    />
  );
}

export function Toast({ toast }: { toast: ToastMessage | null | undefined }) {
  // Said in the page's language when the catalogue knows the message ("Server busy", a form's thanks).
  const message = toast ? toast.message : "";
  useEffect(() => {
    if (!toast) return;
    toastify.dismiss();
    toastify(message, { type: toast.type, toastId: toast.id });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per toast (its id), in the words of its page
  }, [toast]);

  if (!toast) return null;
  return (
    <noscript>
      <div className={`flash flash--${toast.type}`} role="status" data-testid="flash">
        {message}
      </div>
    </noscript>
  );
}
