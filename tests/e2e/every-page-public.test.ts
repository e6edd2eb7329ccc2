/**
 * The walk (tests/support/walk.ts says what it opens and what it fails on): Every public page, in English, Arabic, Spanish and French, as a visitor; and every route of the table walked by some kind.
 */
import { walk } from "../support/walk.js";

walk("every public page in Chromium, in every language, as a visitor", ["visitor"], { table: true });
