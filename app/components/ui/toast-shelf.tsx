/**
 * react-toastify and the portal's settings for it (spec §8): top-right, pause on hover, draggable, not closed by a
 * click, one at a time. Each stays 8 s, paused while pointed at or while the window is away (issue 66: a booking's
 * confirmation gone in 2 s was missed), and is closed by its button. Screen readers hear it from the page's own live
 * region (toasts.tsx), there from the page's first paint, not from this shelf's, which comes later. Loaded by toasts.tsx only when a page has a toast to show, so a page without
 * one does not download it.
 */
// For the browser build's sake: loaded apart (a dynamic import), this module is an entry point of its own to the
// compiler (esbuild), which puts modules reached from different sets of entry points in different files. Reaching
// React but not React DOM, it had React split from the rest of the framework: one file more on every page, and 1 kB
// more of script once each is compressed apart. Naming React DOM here (every page has it loaded already, so this
// costs nothing) keeps them together (docs/perf.md).
import "react-dom";
import { cssTransition, toast as toastify, ToastContainer } from "react-toastify";
import type { ToastMessage } from "../../lib/toast";

/**
 * In the page's flow a toast drops into place from just above, opaque all along: one sliding in from the side
 * passed the window's edge (its close button off screen for a moment), and one fading in was, for as long, text too
 * faint to read. Both were found by the accessibility walk.
 */
const Drop = cssTransition({ enter: "toast-drop-in", exit: "toast-drop-out", collapseDuration: 200 });

export function ToastShelf() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={8000}
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

/** Shows this toast in place of any other; one called before the shelf is drawn waits for it (the library queues it). */
export function showToast(toast: ToastMessage) {
  toastify.dismiss();
  toastify(toast.message, { type: toast.type, toastId: toast.id, role: "none" });
}
