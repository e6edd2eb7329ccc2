/**
 * Toasts (spec §8): top-right, 2000 ms, pause on hover, draggable, not closed by a click,
 * one at a time. With JavaScript off the same message is printed in the page instead.
 */
import { useEffect } from "react";
import { toast as toastify, ToastContainer } from "react-toastify";
import type { ToastMessage } from "../lib/toast";

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
    />
  );
}

export function Toast({ toast }: { toast: ToastMessage | null | undefined }) {
  useEffect(() => {
    if (!toast) return;
    toastify.dismiss();
    toastify(toast.message, { type: toast.type, toastId: toast.id });
  }, [toast]);

  if (!toast) return null;
  return (
    <noscript>
      <div className={`flash flash--${toast.type}`} role="status" data-testid="flash">
        {toast.message}
      </div>
    </noscript>
  );
}
