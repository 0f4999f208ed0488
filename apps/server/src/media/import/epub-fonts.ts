// Embedded fonts in EPUB files: which ones META-INF/encryption.xml says are obfuscated (or truly
// encrypted), undoing the two font obfuscation schemes, and telling a font's format by its bytes.
//
// Obfuscation is not protection: the key is derived from the package's own identifier, so a
// reader can always undo it. Only the start of the file is scrambled, enough that the file is not
// a usable font as it lies in the archive.
import { createHash } from "node:crypto";
import { attribute, elements, parseXml } from "./xml.ts";

export type Obfuscation = "idpf" | "adobe";

const ALGORITHMS: Record<string, Obfuscation> = {
  "http://www.idpf.org/2008/embedding": "idpf",
  "http://ns.adobe.com/pdf/enc#RC": "adobe",
};

/** How many bytes at the start of the file each scheme scrambles. */
const IDPF_PREFIX = 1040;
const ADOBE_PREFIX = 1024;

// Any absolute URL will do as a base: only its path is kept, and a reference that resolves to
// another origin points outside the container.
const CONTAINER_BASE = "https://container.invalid/";

/**
 * The resources `META-INF/encryption.xml` lists, as zip paths (percent-decoding undone), with how
 * each is scrambled: a font obfuscation scheme, or "encrypted" for anything else (DRM), which
 * cannot be read. References outside the container are left out.
 */
export function readEncryption(xml: string): Map<string, Obfuscation | "encrypted"> {
  const $ = parseXml(xml);
  const result = new Map<string, Obfuscation | "encrypted">();
  elements($, "EncryptedData").each((_, element) => {
    const data = $(element);
    const algorithm = attribute(elements($, "EncryptionMethod", data).first(), "Algorithm")?.trim() ?? "";
    const uri = attribute(elements($, "CipherReference", data).first(), "URI")?.trim();
    if (!uri) return;
    const zipPath = containerPath(uri);
    if (zipPath === null) return;
    result.set(zipPath, ALGORITHMS[algorithm] ?? "encrypted");
  });
  return result;
}

/** A reference relative to the container's root, as a zip path; null when it leaves the container. */
function containerPath(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri, CONTAINER_BASE);
  } catch {
    return null;
  }
  if (!url.href.startsWith(CONTAINER_BASE)) return null;
  const encoded = url.pathname.slice(1);
  if (encoded === "") return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

/**
 * The font as it was before obfuscation (obfuscating is the same operation, so this also
 * obfuscates). `uniqueIdentifier` is the text of the package's unique identifier.
 */
export function deobfuscateFont(data: Buffer, method: Obfuscation, uniqueIdentifier: string): Buffer {
  const [key, prefix] =
    method === "idpf" ? [idpfKey(uniqueIdentifier), IDPF_PREFIX] : [adobeKey(uniqueIdentifier), ADOBE_PREFIX];
  const out = Buffer.from(data);
  const end = Math.min(prefix, out.length);
  for (let i = 0; i < end; i++) out[i] = (out[i] as number) ^ (key[i % key.length] as number);
  return out;
}

/** IDPF: the SHA-1 of the identifier with XML whitespace (space, tab, CR, LF) removed. */
function idpfKey(identifier: string): Buffer {
  return createHash("sha1")
    .update(identifier.replace(/[ \t\r\n]/g, ""), "utf8")
    .digest();
}

/** Adobe: the 16 bytes of the UUID the identifier carries. */
function adobeKey(identifier: string): Buffer {
  const hex = identifier
    .trim()
    .replace(/^urn:uuid:/i, "")
    .replace(/[^0-9a-f]/gi, "");
  if (hex.length < 32) {
    throw new Error(
      `The font uses Adobe's obfuscation, whose key is a UUID, but the book's identifier (“${identifier}”) holds none.`,
    );
  }
  return Buffer.from(hex.slice(0, 32), "hex");
}

/** A font's format from its first four bytes; null when it is none of these. */
export function fontFormat(data: Buffer): "woff2" | "woff" | "opentype" | "truetype" | null {
  if (data.length < 4) return null;
  const magic = data.toString("latin1", 0, 4);
  if (magic === "wOF2") return "woff2";
  if (magic === "wOFF") return "woff";
  if (magic === "OTTO") return "opentype";
  if (magic === "true" || data.readUInt32BE(0) === 0x00010000) return "truetype";
  return null;
}
