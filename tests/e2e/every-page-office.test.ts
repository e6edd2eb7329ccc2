/**
 * The walk (tests/support/walk.ts says what it opens and what it fails on): Every page of the back office (as an owner) and of a mentor's area; and every e-mail sent after the company's rename.
 */
import { walk } from "../support/walk.js";

walk("every page of the office's and a mentor's in Chromium", ["owner", "mentor"], { mails: true });
