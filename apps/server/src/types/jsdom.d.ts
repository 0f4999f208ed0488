// The one part of jsdom the server uses: a window for DOMPurify (chapter-purifier.ts). The
// published @types/jsdom pulls in a second copy of undici's types, which breaks the global fetch's.
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string);
    readonly window: unknown;
  }
}
