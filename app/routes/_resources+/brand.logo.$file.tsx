/**
 * The firm's logo at the portal's own address (issue 42): what every e-mail's header links to, `<hash>.<ext>`. A
 * logo never changes under its name (a new one has a new hash), so mail programs and browsers may keep it for good.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiLoaderError } from "../../lib/api.server";
import { apiFor } from "../../lib/context.server";
import { endpoints } from "../../lib/endpoints.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const hash = /^([0-9a-f]{64})\.(png|jpg|gif)$/.exec(params.file ?? "")?.[1];
  if (!hash) throw new Response("Not found", { status: 404 });
  const file = await apiFor(context)
    .call(endpoints.brandLogo, { params: { hash } })
    .catch((e) => apiLoaderError(e, request, context));
  return new Response(file.bytes as unknown as BodyInit, {
    headers: {
      "Content-Type": file.type,
      "Content-Length": String(file.bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
