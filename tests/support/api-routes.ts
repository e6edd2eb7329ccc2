/** The API's routes, read from its router: what the authorization matrix and the outage walk go through. */
import type { Router } from "express";

/** "METHOD /path" for every route the API router holds, however deeply mounted. */
export function routesOf(router: Router): string[] {
  const out: string[] = [];
  const walk = (stack: any[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const method of Object.keys(layer.route.methods)) {
          for (const p of paths) out.push(`${method.toUpperCase()} ${p}`);
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((router as any).stack);
  return out.sort();
}
