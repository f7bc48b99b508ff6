/// <reference types="vite/client" />

/** Injected by vite.config.ts `define`: the client version and build, sent in X-Pando-Client. */
declare const __PANDO_VERSION__: string;
declare const __PANDO_BUILD__: string;
