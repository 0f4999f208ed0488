// Answers from the downloads cache to requests that may ask for a byte range (RFC 9110).

/**
 * A stored file as the request wants it: whole, or the asked range (audio and video elements ask
 * for ranges, and seek with them).
 * @param {Response} cached
 * @param {string | null} rangeHeader
 */
export async function answerFromCache(cached, rangeHeader) {
  if (!rangeHeader) return cached;
  const body = await cached.blob();
  const range = parseRange(rangeHeader, body.size);
  if (range === "unsatisfiable") {
    return new Response(null, {
      status: 416,
      statusText: "Range Not Satisfiable",
      headers: { "content-range": `bytes */${body.size}` },
    });
  }
  if (range === null) return new Response(body, { status: 200, headers: cached.headers });
  return partialResponse(body, range, cached.headers.get("content-type"));
}

/**
 * The one range a `Range` header asks for in a file of `size` bytes (RFC 9110 section 14): null
 * when the header is to be ignored (another unit, several ranges, malformed: the whole file is
 * sent), "unsatisfiable" when the range lies beyond the file.
 * @param {string} header
 * @param {number} size
 * @returns {{ start: number, end: number } | "unsatisfiable" | null}
 */
function parseRange(header, size) {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * A 206 answer with the bytes `start` to `end` (inclusive) of `body`.
 * @param {Blob} body
 * @param {{ start: number, end: number }} range
 * @param {string | null} contentType
 */
function partialResponse(body, range, contentType) {
  const part = body.slice(range.start, range.end + 1);
  /** @type {Record<string, string>} */
  const headers = {
    "accept-ranges": "bytes",
    "content-length": String(part.size),
    "content-range": `bytes ${range.start}-${range.end}/${body.size}`,
  };
  if (contentType) headers["content-type"] = contentType;
  return new Response(part, { status: 206, statusText: "Partial Content", headers });
}
