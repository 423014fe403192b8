// A software authenticator for the integration tests: a P-256 key pair made
// with node:crypto, and the bytes a browser and an authenticator would send
// (clientDataJSON, authenticatorData, a "none" attestation, an ES256
// assertion signature), built by hand. @simplewebauthn/server verifies them
// for real; nothing of the library is mocked.
import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

// ---- a minimal CBOR encoder: unsigned and negative integers, byte and text strings, maps.
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  /** The user handle the RP gave at registration (base64url), returned at sign-in. */
  userHandle: string;
  counter: number;
}

export interface CeremonyOverrides {
  origin?: string;
  rpID?: string;
  userVerified?: boolean;
  type?: string;
  challenge?: string;
}

export const TEST_ORIGIN = "http://localhost:3000";
export const TEST_RP_ID = "localhost";

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), "utf8");
}

function flags(o: CeremonyOverrides, extra = 0): number {
  return FLAG_UP | (o.userVerified === false ? 0 : FLAG_UV) | extra;
}

function counterBytes(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

/** navigator.credentials.create(): a new credential and the answer @simplewebauthn/browser would post. */
export function createCredential(
  options: { challenge: string; rp: { id?: string }; user: { id: string } },
  o: CeremonyOverrides = {},
): { credential: SoftCredential; response: Record<string, unknown> } {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cose = cbor(
    new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
  const id = randomBytes(32);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(id.length);
  const authData = Buffer.concat([
    sha256(o.rpID ?? options.rp.id ?? TEST_RP_ID),
    Buffer.from([flags(o, FLAG_AT)]),
    counterBytes(0),
    Buffer.alloc(16), // AAGUID: none
    idLength,
    id,
    cose,
  ]);
  const attestationObject = cbor(
    new Map<string, Cbor>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData],
    ]),
  );
  const clientDataJSON = clientData(o.type ?? "webauthn.create", o.challenge ?? options.challenge, o.origin ?? TEST_ORIGIN);
  return {
    credential: { id, privateKey, userHandle: options.user.id, counter: 0 },
    response: {
      id: b64url(id),
      rawId: b64url(id),
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ["internal"] },
    },
  };
}

/**
 * navigator.credentials.get(): the assertion for `options` signed by
 * `credential`. `counter` is the signature counter to report (default: the
 * credential's own, not moved: as platform passkeys that keep none).
 */
export function getAssertion(
  options: { challenge: string; rpId?: string },
  credential: SoftCredential,
  o: CeremonyOverrides & { counter?: number; userHandle?: string | null } = {},
): Record<string, unknown> {
  const counter = o.counter ?? credential.counter;
  credential.counter = counter;
  const authData = Buffer.concat([sha256(o.rpID ?? options.rpId ?? TEST_RP_ID), Buffer.from([flags(o)]), counterBytes(counter)]);
  const clientDataJSON = clientData(o.type ?? "webauthn.get", o.challenge ?? options.challenge, o.origin ?? TEST_ORIGIN);
  const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
  const userHandle = o.userHandle === undefined ? credential.userHandle : o.userHandle;
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: "public-key",
    authenticatorAttachment: "platform",
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      ...(userHandle ? { userHandle } : {}),
    },
  };
}

/** The same credential's key in another object (a copy on another device of the same owner). */
export const cloneCredential = (c: SoftCredential): SoftCredential => ({
  ...c,
  privateKey: createPrivateKey(c.privateKey.export({ format: "pem", type: "pkcs8" })),
});
