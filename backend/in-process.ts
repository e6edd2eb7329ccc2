/**
 * The embedded API called in process: each call runs through the very same Express router as over HTTP
 * (the input guard, the token check, the contract's schemas, the authorization, the error handler), on a
 * request and response that have no socket. The body is handed over as an object (never serialised and
 * parsed; an upload's bytes likewise), and the answer comes back as the envelope object through `reply` in
 * backend/http.ts (or a file's bytes through `sendFile`). No log line,
 * no gzip, no security headers: those belong to the outer server, for browsers.
 */
import http from "node:http";
import express, { type Router } from "express";
import type { ApiFile, ApiTransport } from "../lib/transport.js";
import { IN_PROCESS } from "./http.js";

export function inProcessTransport(api: Router): ApiTransport {
  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  app.use(api);
  return (call) =>
    new Promise((resolve, reject) => {
      const req = new http.IncomingMessage(undefined as never);
      req.method = call.method;
      req.url = "/" + call.path.replace(/^\/+/, "");
      req.headers = Object.fromEntries(Object.entries(call.headers).map(([k, v]) => [k.toLowerCase(), v]));
      const upload = call.upload;
      if (upload) {
        req.headers["content-type"] = upload.type;
        req.headers["content-length"] = String("file" in upload ? upload.file.size : upload.bytes.byteLength);
      } else if (call.body !== undefined) req.headers["content-type"] = "application/json";
      // The body readers skip a request whose body is already read: an upload's bytes are handed over as they are,
      // and a spooled upload by its path (backend/documents/routes.ts reads `uploadFile`).
      Object.assign(req, {
        body: upload
          ? "file" in upload
            ? {}
            : Buffer.from(upload.bytes.buffer, upload.bytes.byteOffset, upload.bytes.byteLength)
          : (call.body ?? {}),
        _body: true,
        ...(upload && "file" in upload ? { uploadFile: upload.file } : {}),
      });
      const res = new http.ServerResponse(req);
      (res as unknown as { locals: object }).locals = {
        [IN_PROCESS]: (status: number, payload: unknown, file?: ApiFile) => resolve({ status, payload, file }),
      };
      // An Express app is itself a request handler (req, res, next): the public way to hand it a request.
      app(req as express.Request, res as express.Response, (err?: unknown) =>
        reject(err ?? new Error(`in-process API call not answered: ${call.method} ${call.path}`)),
      );
    });
}
