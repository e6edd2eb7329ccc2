/**
 * A software passkey for the API's tests (issue 67): what a phone or a security key does, by WebAuthn's rules, with
 * node's crypto. It makes a P-256 key pair per credential, answers `navigator.credentials.create` with a "none"
 * attestation and `.get` with an ES256 signature over the authenticator data and the client data's hash, and counts
 * its signatures. The browser tests use Chromium's own virtual authenticator instead.
 */
import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const b64url = (b: Uint8Array | Buffer) => Buffer.from(b).toString("base64url");
const sha256 = (b: Uint8Array | string) => createHash("sha256").update(b).digest();

type Options = { challenge: string; rp?: { id?: string }; rpId?: string; allowCredentials?: Array<{ id: string }> };

export type Credential = { id: Buffer; key: KeyObject; cose: Uint8Array; counter: number; userHandle: string };

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(
    readonly origin: string,
    /** Whether it verifies its person (a fingerprint, a PIN): a passkey alone needs it */
    readonly verifies = true,
    /** Whether it counts its signatures (many platform passkeys say 0 every time) */
    readonly counts = true,
  ) {}

  private flags(extra: number) {
    return 0x01 | (this.verifies ? 0x04 : 0) | extra;
  }

  /** Answers registration options: a new credential, its public key in COSE, attestation "none". */
  register(options: Options & { user: { id: string } }, origin = this.origin) {
    const rpId = options.rp?.id ?? new URL(origin).hostname;
    const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
      ]),
    );
    const id = randomBytes(32);
    const credential: Credential = { id, key: privateKey, cose, counter: 0, userHandle: options.user.id };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(0x40)]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      id,
      Buffer.from(cose),
    ]);
    const clientData = JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false });
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authData)],
      ]) as never,
    );
    this.credentials.push(credential);
    return {
      credential,
      response: {
        id: b64url(id),
        rawId: b64url(id),
        type: "public-key" as const,
        response: {
          clientDataJSON: b64url(Buffer.from(clientData)),
          attestationObject: b64url(attestation),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      },
    };
  }

  /** Answers authentication options with one of its credentials (the first allowed, else `which`, else its first). */
  sign(options: Options, which?: Credential, origin = this.origin) {
    const rpId = options.rpId ?? new URL(origin).hostname;
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const credential =
      which ?? this.credentials.find((c) => !allowed.length || allowed.includes(b64url(c.id))) ?? this.credentials[0];
    if (!credential) throw new Error("no credential");
    if (this.counts) credential.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags(0)]), count]);
    const clientData = Buffer.from(
      JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false }),
    );
    const signature = createSign("SHA256")
      .update(Buffer.concat([authData, sha256(clientData)]))
      .sign(credential.key);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
