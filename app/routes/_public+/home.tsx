// /home shows the same page as / (spec §2); its canonical address is /.
export { default, loader, meta } from "./($lang)._index";
