/**
 * The workspaces' words (issue 26, point 3): the agent's pages (`work`) and the back office's (`office`). They are
 * in English only for now, as the issue asks; a language that offers the workspace adds its own copy of this file
 * (same keys) to `workspaceCatalogues` in ./index.ts, and tests/unit/catalogues.test.ts then holds it to every key.
 * Until then a page in another language never shows these: the workspace and the office are drawn in English.
 */
export const enWorkspace = {
  work: {
    dashboard: {
      title: "Dashboard",
      eyebrow: "Dashboard",
      welcome: "Welcome, {{name}}",
      signedInAs: "Signed in as <email>{{email}}</email>.",
      attention: "Needs your attention",
      nothing: "Nothing needs you right now.",
      more: "More",
      findMentor: "Find a mentor",
      orders: "Orders",
      contact: "Contact us",
      services: "What each service includes",
      cards: {
        clients: { label: "Clients", text: "Add, find and update your clients." },
        cart: { label: "Cart items", text: "Chosen for your clients, ready to pay." },
        bookings: { label: "Mentor sessions to come", text: "Mentor sessions booked and not yet held." },
        orders: { label: "Paid orders", text: "Orders paid." },
        jobs: { label: "Jobs", text: "Roles with visa sponsorship." },
        relocations: { label: "Relocation packages", text: "Settle-in help on the ground." },
      },
    },
    cart: {
      title: "Cart",
      eyebrow: "Cart",
      heading: "Your cart",
      paying: "A payment of <strong>{{amount}}</strong> is in progress",
      payingUntil: "A payment of <strong>{{amount}}</strong> is in progress until {{until}}",
      locked: "Your cart is locked until it is paid or cancelled, so what you pay for is exactly what is below.",
      continue: "Continue to payment",
      opening: "Opening checkout…",
      cancelPayment: "Cancel payment",
      cancelling: "Cancelling…",
      cancelled: "Payment cancelled. You can change your cart again.",
      removed: "Removed from the cart.",
      notAnItem: "That is not an item of your cart.",
      empty: "Your cart is empty. Items you choose for your clients appear here.",
      clients: "Your clients",
      jobs: "Jobs",
      relocations: "Relocation packages",
      itemsFor: "Items for {{name}}",
      subtotal: "Subtotal: {{amount}}",
      total: "Total:",
      lapsedNotCounted: "(a lapsed hold is not counted)",
      withdrawn_one: "An item is no longer offered: remove it to pay for the rest.",
      withdrawn_other: "{{count}} items are no longer offered: remove them to pay for the rest.",
      lapsed_one: "A mentor session's hold has lapsed: remove it (and book again) to pay for the rest.",
      lapsed_other: "{{count}} mentor sessions' holds have lapsed: remove them (and book again) to pay for the rest.",
      checkout: "Checkout",
      demo: "A demo payment: nothing is charged, and the order is recorded as paid.",
      card: "You pay by card on Stripe's secure page; we never see the card number.",
    },
  },
};

/** Any language's copy of the workspaces' words: the same keys as English. */
export type WorkspaceCatalogue = Strings<typeof enWorkspace>;
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
