// Values the build writes into sw.js (see vite-plugin.ts).
declare const __SW_VERSION__: string;
declare const __SW_PRECACHE_URLS__: string[];
