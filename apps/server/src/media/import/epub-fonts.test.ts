import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deobfuscateFont, fontFormat, readEncryption } from "./epub-fonts.ts";
import { REPO_ROOT } from "./test-files.ts";
import { attribute, elements, parseXml, textOf } from "./xml.ts";

const SUITE = path.join(REPO_ROOT, "fixtures", "epub-tests");

/** What a test publication says about its obfuscated font: the font's zip path, scheme and key. */
async function obfuscatedFont(folder: string) {
  const dir = path.join(SUITE, folder);
  const encryption = readEncryption(await readFile(path.join(dir, "META-INF", "encryption.xml"), "utf8"));
  const container = parseXml(await readFile(path.join(dir, "META-INF", "container.xml"), "utf8"));
  const opf = parseXml(
    await readFile(
      path.join(dir, attribute(elements(container, "rootfile").first(), "full-path") ?? ""),
      "utf8",
    ),
  );
  const uniqueId = attribute(elements(opf, "package").first(), "unique-identifier");
  const identifier = textOf(
    elements(opf, "identifier").filter((_, element) => element.attribs.id === uniqueId),
  );
  const [fontPath, method] = [...encryption][0] ?? [];
  if (fontPath === undefined || method === undefined || method === "encrypted") throw new Error(folder);
  return { identifier, method, data: await readFile(path.join(dir, fontPath)), fontPath };
}

describe("fontFormat", () => {
  it("knows the four font formats by their first bytes", () => {
    const withMagic = (magic: Buffer | string) => Buffer.concat([Buffer.from(magic), Buffer.alloc(12)]);
    expect(fontFormat(withMagic("wOF2"))).toBe("woff2");
    expect(fontFormat(withMagic("wOFF"))).toBe("woff");
    expect(fontFormat(withMagic("OTTO"))).toBe("opentype");
    expect(fontFormat(withMagic("true"))).toBe("truetype");
    expect(fontFormat(withMagic(Buffer.from([0, 1, 0, 0])))).toBe("truetype");
    expect(fontFormat(withMagic("ttcf"))).toBeNull();
    expect(fontFormat(withMagic("%PDF"))).toBeNull();
    expect(fontFormat(Buffer.from("wOF"))).toBeNull();
  });

  it("recognises the fonts of the vendored tests", async () => {
    const font = (relative: string) => readFile(path.join(SUITE, relative));
    expect(fontFormat(await font("cnt-css-fonts_woff2/EPUB/fonts/Macondo.woff2"))).toBe("woff2");
    expect(fontFormat(await font("cnt-css-fonts_woff/EPUB/fonts/Pacifico.woff"))).toBe("woff");
    expect(fontFormat(await font("cnt-css-fonts_tt/EPUB/fonts/Lobster.ttf"))).toBe("truetype");
    expect(fontFormat(await font("css-epub-text-emphasis/EPUB/KentenGeneric.otf"))).toBe("opentype");
  });
});

describe("deobfuscateFont", () => {
  it("undoes its own work with either scheme, leaving the input untouched", () => {
    const data = randomBytes(3000);
    const copy = Buffer.from(data);
    for (const [method, identifier, prefix] of [
      ["idpf", "urn:isbn:9780000000000", 1040],
      ["adobe", "urn:uuid:0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", 1024],
    ] as const) {
      const scrambled = deobfuscateFont(data, method, identifier);
      expect(data).toEqual(copy);
      expect(scrambled.length).toBe(data.length);
      expect(scrambled.subarray(0, prefix).equals(data.subarray(0, prefix))).toBe(false);
      expect(scrambled.subarray(prefix)).toEqual(data.subarray(prefix));
      expect(deobfuscateFont(scrambled, method, identifier)).toEqual(data);
    }
  });

  it("XORs the first 1040 bytes with the SHA-1 of the identifier stripped of whitespace (IDPF)", () => {
    const data = Buffer.alloc(1100);
    const key = createHash("sha1").update("urn:uuid:abc-123").digest();
    const out = deobfuscateFont(data, "idpf", " urn:uuid:abc-123\n\t\r ");
    for (let i = 0; i < 1040; i++) expect(out[i], `byte ${i}`).toBe(key[i % 20]);
    expect(out.subarray(1040)).toEqual(Buffer.alloc(60));
    // Whitespace anywhere is removed, not only around the identifier.
    expect(deobfuscateFont(data, "idpf", "urn:uuid: abc-123")).toEqual(out);
  });

  it("handles files shorter than the scrambled prefix", () => {
    const short = Buffer.from("wOF2");
    expect(deobfuscateFont(deobfuscateFont(short, "idpf", "x"), "idpf", "x")).toEqual(short);
    expect(
      deobfuscateFont(Buffer.alloc(0), "adobe", "urn:uuid:00112233-4455-6677-8899-aabbccddeeff"),
    ).toEqual(Buffer.alloc(0));
  });

  it("recovers the W3C test's obfuscated TrueType font with the package's unique identifier", async () => {
    const { identifier, method, data, fontPath } = await obfuscatedFont("ocf-font_obfuscation");
    expect({ identifier, method, fontPath }).toEqual({
      identifier: "ocf-font_obfuscation",
      method: "idpf",
      fontPath: "EPUB/fonts/Lobster.ttf",
    });
    expect(fontFormat(data)).toBeNull();
    const font = deobfuscateFont(data, method, identifier);
    expect(fontFormat(font)).toBe("truetype");
    // The same font as the suite's plain TrueType test carries.
    expect(font).toEqual(await readFile(path.join(SUITE, "cnt-css-fonts_tt/EPUB/fonts/Lobster.ttf")));
  });

  it("does not recover the font of the test whose font was obfuscated for another identifier", async () => {
    // ocf-font_obfuscation_bis ships the very same obfuscated file under a different identifier: a
    // reader must not get a usable font out of it.
    const bis = await obfuscatedFont("ocf-font_obfuscation_bis");
    expect(bis.identifier).toBe("ocf-font_obfuscation-bis");
    expect(fontFormat(bis.data)).toBeNull();
    expect(fontFormat(deobfuscateFont(bis.data, bis.method, bis.identifier))).toBeNull();
    expect(fontFormat(deobfuscateFont(bis.data, bis.method, "ocf-font_obfuscation"))).toBe("truetype");
  });

  it("uses the 16 bytes of the identifier's UUID over the first 1024 bytes (Adobe)", async () => {
    const woff2 = await readFile(path.join(SUITE, "cnt-css-fonts_woff2/EPUB/fonts/Macondo.woff2"));
    const identifier = "urn:uuid:6B29FC40-CA47-1067-B31D-00DD010662DA";
    const key = Buffer.from("6b29fc40ca471067b31d00dd010662da", "hex");
    const obfuscated = Buffer.from(woff2);
    for (let i = 0; i < 1024; i++) obfuscated[i] = (obfuscated[i] as number) ^ (key[i % 16] as number);
    expect(fontFormat(obfuscated)).toBeNull();
    const font = deobfuscateFont(obfuscated, "adobe", identifier);
    expect(fontFormat(font)).toBe("woff2");
    expect(font).toEqual(woff2);
    // The same UUID written without the URN prefix, or with braces, gives the same key.
    expect(deobfuscateFont(obfuscated, "adobe", "{6b29fc40-ca47-1067-b31d-00dd010662da}")).toEqual(woff2);
    // The IDPF scheme with the same identifier does not.
    expect(fontFormat(deobfuscateFont(obfuscated, "idpf", identifier))).toBeNull();
  });

  it("refuses the Adobe scheme when the identifier holds no UUID", () => {
    expect(() => deobfuscateFont(Buffer.alloc(100), "adobe", "urn:isbn:9780000000000")).toThrow(
      /Adobe's obfuscation.*“urn:isbn:9780000000000”.*holds none/,
    );
  });
});

describe("readEncryption", () => {
  const CONTAINER = "urn:oasis:names:tc:opendocument:xmlns:container";
  const XMLENC = "http://www.w3.org/2001/04/xmlenc#";
  const entry = (algorithm: string, uri: string, prefix = "enc") =>
    `<${prefix}:EncryptedData><${prefix}:EncryptionMethod Algorithm="${algorithm}"/><${prefix}:CipherData><${prefix}:CipherReference URI="${uri}"/></${prefix}:CipherData></${prefix}:EncryptedData>`;

  it("reads the vendored test's encryption.xml", async () => {
    const xml = await readFile(
      path.join(SUITE, "ocf-font_obfuscation", "META-INF", "encryption.xml"),
      "utf8",
    );
    expect(readEncryption(xml)).toEqual(new Map([["EPUB/fonts/Lobster.ttf", "idpf"]]));
  });

  it("tells obfuscated fonts from DRM and decodes percent-encoded references", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<encryption xmlns="${CONTAINER}" xmlns:enc="${XMLENC}" xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
  <enc:EncryptedKey Id="EK"><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#rsa-1_5"/><ds:KeyInfo><ds:KeyName>key</ds:KeyName></ds:KeyInfo><enc:CipherData><enc:CipherValue>AAAA</enc:CipherValue></enc:CipherData></enc:EncryptedKey>
  ${entry("http://www.idpf.org/2008/embedding", "OEBPS/Fonts/Open%20Sans%20%C3%A9t%C3%A9.otf")}
  ${entry("http://ns.adobe.com/pdf/enc#RC", "OEBPS/fonts/adobe.ttf")}
  ${entry("http://www.w3.org/2001/04/xmlenc#aes128-cbc", "OEBPS/chapter1.xhtml")}
  ${entry("http://www.idpf.org/2008/embedding", "./OEBPS/fonts/dot.woff")}
  ${entry("http://www.idpf.org/2008/embedding", "https://example.com/remote.woff")}
</encryption>`;
    expect(readEncryption(xml)).toEqual(
      new Map([
        ["OEBPS/Fonts/Open Sans été.otf", "idpf"],
        ["OEBPS/fonts/adobe.ttf", "adobe"],
        ["OEBPS/chapter1.xhtml", "encrypted"],
        ["OEBPS/fonts/dot.woff", "idpf"],
      ]),
    );
  });

  it("matches elements by local name, whatever the prefix, and ignores entries without a reference", () => {
    const xml = `<encryption xmlns="${CONTAINER}"><EncryptedData xmlns="${XMLENC}"><EncryptionMethod Algorithm="http://www.idpf.org/2008/embedding"/><CipherData><CipherReference URI="f.ttf"/></CipherData></EncryptedData>${entry("http://www.idpf.org/2008/embedding", "", "x")}</encryption>`;
    expect(readEncryption(xml)).toEqual(new Map([["f.ttf", "idpf"]]));
    expect(readEncryption(`<encryption xmlns="${CONTAINER}"/>`)).toEqual(new Map());
  });
});
