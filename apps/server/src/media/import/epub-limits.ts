// Size limits on what is read out of an EPUB, shared by the parts that read package files and pictures.

export const MAX_XML_BYTES = 16 * 1024 * 1024;
export const MAX_IMAGE_BYTES = 256 * 1024 * 1024;
