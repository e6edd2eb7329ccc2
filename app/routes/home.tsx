// /home shows the same page as / (spec §2).
export { default, meta } from "./_index";
