/**
 * The walk (tests/support/walk.ts says what it opens and what it fails on): Every page of the agent's workspace and of the client's own area, each as its own kind.
 */
import { walk } from "../support/walk.js";

walk("every page of an agent's and a client's in Chromium", ["agent", "client"], {});
