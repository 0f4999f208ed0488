// Messages between readers.

export const MESSAGE_MAX_LENGTH = 4000;
